/**
 * Messages to the designer from the file and share features: a stack of notices under the
 * page's header, announced to screen readers (a polite live region; errors as alerts). Each
 * notice has a Dismiss button and closes with Escape; a short information notice without
 * controls closes by itself after a while unless the pointer or focus is on it. Text is set
 * as text, never as HTML.
 */
import "./files.css";

/** How a notice looks and is announced. */
export type NoticeKind = "info" | "warning" | "error";

/** What {@link notify} shows. */
export interface NoticeOptions {
  /** "info" (default), "warning" or "error" (announced at once). */
  kind?: NoticeKind;
  /** A notice with the same key replaces the one shown before it (e.g. "share"). */
  key?: string;
  /** One paragraph per string. */
  message: string | string[];
  /** Controls or other elements shown under the message (e.g. a link field, a button). */
  body?: Node[];
  /** Keep it until dismissed (an information notice without `body` closes by itself otherwise). */
  sticky?: boolean;
  /** Where the focus goes when the notice closes while it has the focus (default: another notice, or the editor). */
  returnFocus?: HTMLElement;
}

/** A shown notice. */
export interface Notice {
  element: HTMLElement;
  close(): void;
}

const MAX_SHOWN = 4;
const AUTO_CLOSE_MS = 10_000;
let host: HTMLElement | null = null;

function container(): HTMLElement {
  if (host && host.isConnected) return host;
  host = document.createElement("section");
  host.className = "dgs-notices";
  host.setAttribute("aria-label", "Messages");
  host.setAttribute("aria-live", "polite");
  document.body.append(host);
  return host;
}

/**
 * Show a notice.
 * @returns the notice (its element, and `close`)
 */
export function notify(opts: NoticeOptions): Notice {
  const box = container();
  const kind = opts.kind ?? "info";
  if (opts.key) for (const old of box.querySelectorAll<HTMLElement>(`[data-key="${CSS.escape(opts.key)}"]`)) old.remove();
  const el = document.createElement("div");
  el.className = `dgs-notice dgs-notice-${kind}`;
  if (opts.key) el.dataset.key = opts.key;
  if (kind === "error") el.setAttribute("role", "alert");
  const text = document.createElement("div");
  text.className = "dgs-notice-text";
  for (const m of Array.isArray(opts.message) ? opts.message : [opts.message]) {
    const p = document.createElement("p");
    p.textContent = m;
    text.append(p);
  }
  if (opts.body) text.append(...opts.body);
  const close = document.createElement("button");
  close.type = "button";
  close.className = "dgs-notice-close";
  close.setAttribute("aria-label", "Dismiss message");
  close.title = "Dismiss";
  close.textContent = "×";
  el.append(text, close);
  let timer: ReturnType<typeof setTimeout> | null = null;
  const done = () => {
    if (timer) clearTimeout(timer);
    const hadFocus = el.contains(document.activeElement);
    el.remove();
    if (!hadFocus) return;
    const to = opts.returnFocus?.isConnected ? opts.returnFocus : (document.querySelector<HTMLElement>(".dgs-notice .dgs-notice-close") ?? document.querySelector<HTMLElement>("#editor textarea") ?? document.getElementById("editor"));
    to?.focus();
  };
  close.addEventListener("click", done);
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      ev.stopPropagation();
      done();
    }
  });
  if (kind === "info" && !opts.body && !opts.sticky) {
    const arm = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        if (!el.matches(":hover") && !el.contains(document.activeElement)) done();
        else arm();
      }, AUTO_CLOSE_MS);
    };
    arm();
  }
  box.append(el);
  while (box.children.length > MAX_SHOWN) box.firstElementChild!.remove();
  return { element: el, close: done };
}
