/** The duel bench (placeholder until the duel feature lands). */
import type { App } from "../app/app.ts";

/** Mount the duel panel. */
export function mountDuel(app: App): void {
  app.addPanel("duel", "Duel");
}
