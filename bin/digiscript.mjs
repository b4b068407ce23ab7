#!/usr/bin/env node
/**
 * The `digiscript` npm bin: runs the TypeScript CLI (compiler/cli/main.ts) in a child Node
 * process, with the same stdio, and exits with its exit code (or re-raises the signal that
 * ended it).
 *
 * Node ≥ 22.18 runs TypeScript directly (type stripping), so there is no build step. The
 * child uses this Node (process.execPath) unless it is older than 22.18 and the project's
 * own Node (the `node` devDependency) is installed.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const main = fileURLToPath(new URL("../compiler/cli/main.ts", import.meta.url));
/** The Node binary for the child: this one, or the project's Node 22 when this one is older. */
function nodeBinary() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major > 22 || (major === 22 && minor >= 18)) return process.execPath;
  const local = process.platform === "win32" ? `${root}node_modules/node/bin/node.exe` : `${root}node_modules/node/bin/node`;
  return existsSync(local) ? local : process.execPath;
}

const child = spawn(nodeBinary(), ["--disable-warning=ExperimentalWarning", main, ...process.argv.slice(2)], { stdio: "inherit" });

// The terminal sends Ctrl-C to the whole process group: let the child decide, then follow it.
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(sig, () => {
    if (child.exitCode === null) child.kill(sig);
  });
}

child.on("error", (e) => {
  process.stderr.write(`digiscript: cannot start node: ${e.message}\n`);
  process.exit(1);
});

child.on("exit", (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
