/** Share links (placeholder until the share feature lands). */
import type { App } from "../app/app.ts";

/** Mount the share button. */
export async function mountShare(_app: App, _toolbar: HTMLElement): Promise<void> {}
