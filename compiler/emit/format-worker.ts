/**
 * Worker for {@link formatChunks}: formats one chunk of generated TypeScript with prettier.
 * Runs in a piscina worker thread.
 */
import * as prettier from "prettier";
import { PRETTIER_TS } from "./prettier-options.ts";

/** Format one chunk of top-level TypeScript statements. */
export default async function formatChunk(code: string): Promise<string> {
  return prettier.format(code, PRETTIER_TS);
}
