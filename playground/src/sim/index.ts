/** The simulation panel (placeholder until the simulation feature lands). */
import type { App } from "../app/app.ts";

/** Mount the simulation panel. */
export function mountSimulate(app: App): void {
  app.addPanel("simulate", "Simulate");
}
