/**
 * The file list and file actions. (Minimal: lists the files and opens a starter file; the
 * browser storage, opening and downloading files come with the files feature.)
 */
import type { App } from "../app/app.ts";
import { STARTER } from "./starter.ts";

/** Mount the file list into `host` and the file actions into `toolbar`. */
export async function mountFiles(app: App, host: HTMLElement, _toolbar: HTMLElement): Promise<void> {
  const list = document.createElement("ul");
  list.className = "file-list";
  host.append(list);
  const render = () => {
    list.replaceChildren();
    for (const f of app.files()) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = f.name + (f.readOnly ? " (read-only)" : "");
      b.addEventListener("click", () => app.open(f.name));
      li.append(b);
      list.append(li);
    }
  };
  app.on("files", render);
  await app.addFile({ name: "my-set.dgs", readOnly: false, kind: "dgs" }, STARTER);
  render();
  app.open("my-set.dgs");
}
