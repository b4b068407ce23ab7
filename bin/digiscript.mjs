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
  if (runsTypeScript(process.versions.node)) return process.execPath;
  const local = process.platform === "win32" ? `${root}node_modules/node/bin/node.exe` : `${root}node_modules/node/bin/node`;
  return existsSync(local) ? local : process.execPath;
}

/** Whether a Node binary's version can run TypeScript sources (22.18 or newer). */
function runsTypeScript(version) {
  const [major, minor] = version.split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 18);
}

const node = nodeBinary();
// Before `npm install`: say what to do instead of Node's ERR_UNKNOWN_FILE_EXTENSION.
if (node === process.execPath && !runsTypeScript(process.versions.node)) {
  process.stderr.write(
    `digiscript runs its TypeScript sources with Node 22.18 or newer; this is Node ${process.versions.node}.\n` +
      `Run \`npm install\` in ${root} first: it installs the project's own Node 22 (and the compiler's libraries).\n` +
      `Then use \`npx digiscript …\`, \`npm start\`, or \`node bin/digiscript.mjs …\` again.\n`,
  );
  process.exit(2);
}
if (!existsSync(`${root}node_modules/chevrotain/package.json`)) {
  process.stderr.write(`digiscript's libraries are not installed: run \`npm install\` in ${root} first.\n`);
  process.exit(2);
}

const child = spawn(node, ["--disable-warning=ExperimentalWarning", main, ...process.argv.slice(2)], { stdio: "inherit" });

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
