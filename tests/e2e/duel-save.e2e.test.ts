/**
 * Loading a saved game in the duel bench, in a real Chromium (skipped when it is not
 * installed): a save printed by `digiscript duel --json` is loaded through "Load game (JSON)…"
 * and shows the CLI's game — the same digest, result line, winner and last log line — with
 * both players "me"; a tampered save is refused with its one-line `save: …` message and the
 * loaded game stays; Undo steps back one decision. The site is built from the current sources
 * into a temporary folder once (harness.ts `startSuiteSite`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, cli, hasChromium, openFreshPage, startSuiteSite, type OpenedPage, type SuiteSite } from "./harness.ts";

const PRESENT = hasChromium();
if (!PRESENT) console.warn(`duel save e2e tests skipped: ${CHROMIUM} is not installed.`);
/** How long a condition may take to come true on a busy machine. */
const WAIT = 30_000;

describe.skipIf(!PRESENT)("loading a saved game in the duel bench", () => {
  let site: SuiteSite | null = null;
  let opened: OpenedPage[] = [];

  beforeAll(async () => {
    site = await startSuiteSite();
  }, 240_000);
  afterAll(async () => {
    await site?.close();
  });
  afterEach(async () => {
    const pages = opened;
    opened = [];
    for (const p of pages) await p.ctx.close().catch(() => {});
    expect(pages.flatMap((p) => p.errors), "console errors, page errors and failed requests").toEqual([]);
    expect(pages.flatMap((p) => p.dialogs), "dialogs").toEqual([]);
  });

  it("a save of digiscript duel --json loads to the CLI's digest, result and last log line; a tampered save is refused and the game stays; Undo steps back", { timeout: 120_000 }, async () => {
    const args = ["duel", "--deck", "dragon-core", "--deck", "nature-core", "--seed", "7"];
    const [json, text] = await Promise.all([cli(...args, "--json"), cli(...args)]);
    expect(json.code, json.stderr).toBe(0);
    expect(text.code, text.stderr).toBe(0);
    const save = JSON.parse(json.stdout) as { digest: string; choices: number[][] };
    const lines = text.stdout.split("\n");
    const resultLine = lines.find((l) => l.startsWith("Result: "))!;
    const lastEvent = lines.slice(0, lines.indexOf(resultLine)).filter((l) => l.trim() !== "").at(-1)!.trim();
    expect(resultLine).toMatch(/^Result: P2 \(Nature Core\) wins — /);

    const o = await openFreshPage(site!.browser, site!.served.url, WAIT);
    opened.push(o);
    const page = o.page;
    await page.click("#tab-duel");
    const panel = page.locator("#panel-duel");
    const status = panel.locator("p.status[role=status]");
    const result = panel.locator("#duel-result");
    const events = panel.locator("ol.game-log li.log-event");
    const file = panel.locator("#duel-load-file");

    // The control is a button of the panel (keyboard: Tab to it, Enter opens the file picker).
    await expect.poll(() => panel.getByRole("button", { name: "Load game (JSON)…" }).isEnabled(), { timeout: WAIT }).toBe(true);
    await file.setInputFiles({ name: "seed-7.json", mimeType: "application/json", buffer: Buffer.from(json.stdout) });
    await expect.poll(() => result.getAttribute("data-digest"), { timeout: WAIT }).toBe(save.digest);
    expect(await result.textContent()).toBe(resultLine);
    expect(await result.getAttribute("data-winner")).toBe("1");
    expect(await result.getAttribute("data-decisions")).toBe(String(save.choices.length));
    expect(await events.last().textContent()).toBe(lastEvent);
    expect(await status.textContent()).toMatch(/^Loaded seed-7\.json\. The game \(seed 7\) is over after \d+ turns and \d+ decisions\.$/);
    expect(await panel.locator(".loaded-note").textContent()).toMatch(/^Loaded seed-7\.json: a DBE duel, seed 7, \d+ decisions — P1 dragon-core \(Dragon Core\), P2 nature-core \(Nature Core\)\. Both players are played by me/);
    // The settings are the save's: seed, decks, and me on both sides (nothing plays on by itself).
    expect(await panel.getByLabel("Seed", { exact: true }).inputValue()).toBe("7");
    expect(await panel.getByLabel("P1 deck").inputValue()).toBe("cards/dbe/decks/dragon-core.deck");
    expect(await panel.getByLabel("P2 deck").inputValue()).toBe("cards/dbe/decks/nature-core.deck");
    expect(await panel.getByLabel("P1 played by").inputValue()).toBe("me");
    expect(await panel.getByLabel("P2 played by").inputValue()).toBe("me");
    expect(await panel.getByRole("button", { name: "Run", exact: true }).isDisabled()).toBe(true);
    const eventCount = await events.count();

    // A tampered save: one line in the status, and the game is the one loaded.
    const tampered = JSON.parse(json.stdout) as { choices: number[][] };
    tampered.choices[5] = [99];
    await file.setInputFiles({ name: "tampered.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(tampered)) });
    await expect.poll(() => status.textContent(), { timeout: WAIT }).toMatch(/^save: choices\[5\]: not a legal answer at its point of the replay: [^\n]+$/);
    expect(await result.getAttribute("data-digest")).toBe(save.digest);
    expect(await result.textContent()).toBe(resultLine);
    expect(await events.count()).toBe(eventCount);
    expect(await events.last().textContent()).toBe(lastEvent);

    // Undo from the keyboard: one decision back, the game not over, my decision asked.
    await panel.getByRole("button", { name: "Undo", exact: true }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => status.textContent(), { timeout: WAIT }).toBe(`Your decision (seed 7, turn ${/; (\d+) turns,/.exec(resultLine)![1]}, decision ${save.choices.length}).`);
    expect(await result.isHidden()).toBe(true);
    expect(await panel.getByRole("listbox").isVisible()).toBe(true);
  });
});
