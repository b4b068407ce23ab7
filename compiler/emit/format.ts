/**
 * Printing generated TypeScript with prettier, fast enough for 10,000-card sets.
 *
 * Top-level statements of a generated module are independent, so a large module is
 * formatted as chunks of statements — in parallel on a piscina worker pool when there are
 * many — and joined with one blank line, which is exactly what prettier prints between
 * top-level statements.
 */
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { Piscina } from "piscina";
import { availableParallelism } from "node:os";
import { PRETTIER_TS } from "./prettier-options.ts";

/** Statements per chunk. */
const CHUNK = 100;
/**
 * Below this many statements, formatting stays on the calling thread: a new worker has to
 * load prettier and warm it up, which costs more than it saves for smaller sets (measured
 * crossover ≈ 2,000 cards on 2 cores: 1,000 cards 1.5 s in-thread vs 2.0 s pooled;
 * 3,000 cards 4.0 s vs 3.2 s; 10,000 cards 11.8 s vs 7.3 s).
 */
const PARALLEL_FROM = 2000;

let pool: Piscina | null = null;

function getPool(): Piscina {
  pool ??= new Piscina({
    filename: fileURLToPath(new URL("./format-worker.ts", import.meta.url)),
    maxThreads: Math.max(1, Math.min(availableParallelism(), 4)),
    minThreads: 0,
    idleTimeout: 1000,
  });
  return pool;
}

/** Format TypeScript source with prettier on the calling thread. */
export async function formatTs(code: string): Promise<string> {
  return prettier.format(code, PRETTIER_TS);
}

/**
 * Format a module given as a head (imports) and independent top-level statements.
 * @param head the imports and module comment
 * @param statements one top-level statement each (e.g. one card)
 * @param onProgress called with the number of statements each finished chunk held
 * @returns the formatted module
 */
export async function formatChunks(head: string, statements: string[], onProgress?: (statements: number) => void): Promise<string> {
  const chunks: string[][] = [];
  for (let i = 0; i < statements.length; i += CHUNK) chunks.push(statements.slice(i, i + CHUNK));
  const format = statements.length >= PARALLEL_FROM ? (c: string) => getPool().run(c) as Promise<string> : formatTs;
  const run = async (c: string[]) => {
    const out = await format(c.join("\n\n"));
    onProgress?.(c.length);
    return out;
  };
  const [h, ...rest] = await Promise.all([formatTs(head), ...chunks.map(run)]);
  return [h, ...rest].join("\n");
}

/**
 * Start the worker pool and warm prettier in each worker, without waiting: a caller that
 * knows a large set is coming (the CLI, before checking it) hides the workers' start-up
 * behind its own work. Does nothing for sets below the parallel threshold.
 * @param statements how many statements (cards) will be formatted
 */
export function warmFormatPool(statements: number): void {
  if (statements < PARALLEL_FROM) return;
  const pool = getPool();
  const warm = "export const warm = { a: [1, 2, 3], b: { c: \"d\" } };\n";
  for (let i = 0; i < pool.options.maxThreads; i++) void pool.run(warm).catch(() => undefined);
}

/** Stop the worker pool (lets a CLI process exit at once). */
export async function closeFormatPool(): Promise<void> {
  const p = pool;
  pool = null;
  if (p) await p.destroy();
}
