/**
 * The browser's IndexedDB as the {@link KeyValue} store of the designer's files
 * (`idb-keyval`): database `digiscript-playground`, object store `files`. Layout of the
 * keys: `store.ts`.
 */
import { createStore, entries, promisifyRequest } from "idb-keyval";
import type { KeyValue } from "./store.ts";

/** The IndexedDB database and object store the playground keeps its files in. */
export const DB_NAME = "digiscript-playground";
export const STORE_NAME = "files";

/**
 * The IndexedDB key-value store. Opening is lazy: the first call rejects when the browser
 * has no IndexedDB or refuses it (some private modes).
 */
export function idbKeyValue(): KeyValue {
  if (typeof indexedDB === "undefined") {
    const fail = async (): Promise<never> => {
      throw new Error("this browser has no IndexedDB");
    };
    return { entries: fail, apply: fail };
  }
  const store = createStore(DB_NAME, STORE_NAME);
  return {
    entries: () => entries<string, unknown>(store),
    apply: (set, del) =>
      store("readwrite", (s) => {
        for (const k of del) s.delete(k);
        for (const [k, v] of set) s.put(v, k);
        return promisifyRequest(s.transaction);
      }),
  };
}
