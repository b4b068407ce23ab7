/**
 * The playground's entry point: the editor shell, the language features, and each feature
 * panel, then the designer's files (restored from the browser, a share link, or a starter
 * file). Nothing here evaluates text from a file or a link as code.
 */
import "./style.css";
import { App } from "./app/app.ts";
import { registerProviders } from "./editor/providers.ts";
import { mountProblems } from "./editor/problems.ts";
import { bundledDecks, bundledSets } from "./files/bundled.ts";
import { mountFiles } from "./files/index.ts";
import { mountPreview } from "./preview/index.ts";
import { mountShare } from "./share/index.ts";

const el = (id: string) => document.getElementById(id)!;

async function start(): Promise<void> {
  const app = new App({ editor: el("editor"), tabs: el("tabs"), panels: el("panels") });
  registerProviders(app);
  mountProblems(app, el("problems-host"));
  // "Skip to the editor" puts the focus in the editor's text, not on its frame.
  document.querySelector("a.skip")?.addEventListener("click", (e) => {
    e.preventDefault();
    app.editor.focus();
  });
  for (const f of bundledSets()) await app.addFile({ name: f.name, readOnly: true, kind: "dgs" }, f.text);
  for (const f of bundledDecks()) await app.addFile({ name: f.name, readOnly: true, kind: "deck" }, f.text);
  mountPreview(app);
  // The duel bench, the scenario panel and the simulation bring the rules runtimes: each is
  // loaded the first time its panel is shown.
  app.addLazyPanel("duel", "Duel", () => import("./duel/index.ts").then((m) => m.mountDuel));
  app.addLazyPanel("scenario", "Scenario", () => import("./scenario/index.ts").then((m) => m.mountScenario));
  app.addLazyPanel("simulate", "Simulate", () => import("./sim/index.ts").then((m) => m.mountSimulate));
  await mountFiles(app, el("files"), el("toolbar"));
  await mountShare(app, el("toolbar"));
  // For the end-to-end tests and the benchmark: the app, once ready.
  (window as unknown as { digiscript: { app: App } }).digiscript = { app };
  document.body.dataset.ready = "true";
}

void start();
