// Node 20 cannot import TypeScript: a generator script (gen-tools-json, gen-json-schemas,
// gen-cli-doc, the gate glob table) bundles the module it reads (everything bundled, so the temp
// file resolves no package at run time) to a temp ESM file and imports that.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** Imports `contents` (TypeScript, resolved from `resolveDir`) through an esbuild bundle. */
export async function importTs(contents, resolveDir, { plugins = [] } = {}) {
  const out = await build({
    plugins,
    stdin: { contents, resolveDir, loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "warning",
  });
  const dir = mkdtempSync(join(tmpdir(), "axiom-gen-"));
  try {
    const file = join(dir, "module.mjs");
    writeFileSync(file, out.outputFiles[0].contents);
    return await import(pathToFileURL(file).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
