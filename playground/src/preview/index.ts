/** The card preview and the set gallery (placeholder until the preview feature lands). */
import type { App } from "../app/app.ts";

/** Mount the preview panels. */
export function mountPreview(app: App): void {
  const p = app.addPanel("card", "Card");
  app.on("cursorCard", ({ view }) => {
    p.body.textContent = view ? `${view.card.stats.setNumber} ${view.card.stats.name}` : "No card under the cursor.";
  });
}
