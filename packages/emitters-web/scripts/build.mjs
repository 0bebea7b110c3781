// Builds dist/index.js (ESM, zod external) so Node 20 can import the emitter with
// `--emitter @codai/axiom-emitters-web`. With --update-golden, bundles scripts/update-golden.ts to
// a temp module and runs it (Node 20 cannot run TypeScript directly).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const pkg = dirname(dirname(fileURLToPath(import.meta.url)));
const common = {
  absWorkingDir: pkg,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: ["zod"],
  logLevel: "warning",
  legalComments: "none",
};

if (process.argv.includes("--update-golden")) {
  // Inside the package, so the bundled script resolves zod from node_modules like dist does.
  const tmp = mkdtempSync(join(pkg, ".golden-"));
  try {
    const file = join(tmp, "update-golden.mjs");
    const out = await build({ ...common, entryPoints: ["scripts/update-golden.ts"], write: false });
    writeFileSync(file, out.outputFiles[0].text);
    const mod = await import(pathToFileURL(file).href);
    mod.updateGolden(join(pkg, "src", "__golden__"));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
} else {
  // Temp + rename so a concurrent importer never sees a half-written file.
  const out = await build({ ...common, entryPoints: ["src/index.ts"], write: false });
  const target = join(pkg, "dist", "index.js");
  const { mkdirSync, renameSync } = await import("node:fs");
  mkdirSync(dirname(target), { recursive: true });
  const tmp = `${target}.${process.pid}.tmp`;
  writeFileSync(tmp, out.outputFiles[0].text);
  renameSync(tmp, target);
}
