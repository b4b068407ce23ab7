/** The scenario panel (placeholder until the scenario feature lands). */
import type { App } from "../app/app.ts";

/** Mount the scenario panel. */
export function mountScenario(app: App): void {
  app.addPanel("scenario", "Scenario");
}
