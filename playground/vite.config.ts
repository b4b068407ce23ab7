/**
 * Vite configuration of the playground: a static site in `dist/playground/` with relative
 * paths (works from any static file server and offline: every asset is bundled, no CDN).
 * The page imports the project's own modules (grammar/, compiler/service, runtime/) as they
 * are; Web Workers are ES modules.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  base: "./",
  publicDir: false,
  build: {
    outDir: fileURLToPath(new URL("../dist/playground", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 6000,
  },
  worker: { format: "es" },
  server: { host: "127.0.0.1", fs: { allow: [fileURLToPath(new URL("..", import.meta.url))] } },
  preview: { host: "127.0.0.1" },
});
