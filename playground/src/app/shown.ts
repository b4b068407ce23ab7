/**
 * Panels that work only while shown: a panel body is hidden (`hidden` attribute) while
 * another tab is chosen, and a feature that draws into it, or asks the language worker for
 * data to draw, waits until it is shown again (a keystroke should not pay for a panel nobody
 * sees).
 */

/**
 * Call `f` whenever a panel body is shown (its `hidden` attribute removed).
 * @param body the panel's body element (`App.addPanel(...).body`)
 * @param f called after the attribute changed, with the body visible
 */
export function onShown(body: HTMLElement, f: () => void): void {
  new MutationObserver(() => {
    if (!body.hidden) f();
  }).observe(body, { attributes: true, attributeFilter: ["hidden"] });
}
