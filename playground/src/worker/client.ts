/**
 * The page's side of the language worker: typed requests that resolve with the worker's
 * answer, and diagnostics pushes filtered by version — a push for a text older than the one
 * the editor holds now is dropped, so markers never go back to an earlier state.
 */
import type { FileDiagnostic } from "../../../compiler/api.ts";
import type { Answers, DiagnosticsPush, Request, WorkerMessage } from "./protocol.ts";

/** Requests without their `id` (the client numbers them). */
type Ask = Request extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/** Something that can carry messages both ways: a Worker, or a fake in tests. */
export interface Port {
  postMessage(m: unknown): void;
  addEventListener(type: "message", listener: (ev: { data: unknown }) => void): void;
}

/** Called with a file's diagnostics when they are the newest for its text. */
export type DiagnosticsListener = (file: string, version: number, diagnostics: FileDiagnostic[]) => void;

/** Typed access to the language worker. */
export class LanguageClient {
  private next = 1;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  /** The newest version of each file the page has sent. */
  private readonly sent = new Map<string, number>();
  private readonly listeners: DiagnosticsListener[] = [];
  /** Pushes dropped because a newer text had been sent (for tests and the bench). */
  dropped = 0;

  private readonly port: Port;

  constructor(port: Port) {
    this.port = port;
    port.addEventListener("message", (ev) => this.receive(ev.data as WorkerMessage));
  }

  /** Send a request; resolves with its answer. */
  ask<K extends Ask["kind"]>(req: Extract<Ask, { kind: K }>): Promise<Answers[K]> {
    const id = this.next++;
    const r = req as Ask;
    if (r.kind === "edit") this.sent.set(r.file, Math.max(this.sent.get(r.file) ?? 0, r.version));
    return new Promise<Answers[K]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.port.postMessage({ ...req, id });
    });
  }

  /** Listen to diagnostics; only a file's newest ones are delivered. */
  onDiagnostics(l: DiagnosticsListener): void {
    this.listeners.push(l);
  }

  private receive(m: WorkerMessage): void {
    if ("kind" in m) return this.push(m);
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (m.ok) p.resolve(m.value);
    else p.reject(new Error(m.error));
  }

  private push(m: DiagnosticsPush): void {
    for (const f of m.files) {
      if (f.version < (this.sent.get(f.file) ?? 0)) {
        this.dropped++;
        continue;
      }
      for (const l of this.listeners) l(f.file, f.version, f.diagnostics);
    }
  }
}
