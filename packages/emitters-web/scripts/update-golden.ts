// Rewrites src/__golden__/<template>.txt from src/fixtures.ts and records the golden set's digest
// under the emitter version in src/__golden__/versions.json. Refuses when the bytes change while
// the version stays the same: any output change needs a version bump (sources.md §4.4, §4.7).
// Run: `npm run update-golden -w @codai/axiom-emitters-web`.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GOLDEN_FIXTURES } from "../src/fixtures";
import { webEmitter } from "../src/index";

export function renderGolden(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, params] of Object.entries(GOLDEN_FIXTURES)) {
    const def = webEmitter.templates[name];
    if (!def) throw new Error(`fixture for unknown template ${name}`);
    const parsed = def.params.safeParse(params);
    if (!parsed.success) throw new Error(`fixture for ${name} does not parse`);
    out[name] = String(def.render(parsed.data));
  }
  return out;
}

/** sha256 over `<name>\0<bytes>\0` for every golden in name order. */
export function goldenSetDigest(golden: Record<string, string>): string {
  const h = createHash("sha256");
  for (const name of Object.keys(golden).sort()) h.update(`${name}\0${golden[name]}\0`);
  return h.digest("hex");
}

export function updateGolden(dir: string): void {
  const golden = renderGolden();
  const versionsFile = join(dir, "versions.json");
  const versions = JSON.parse(readFileSync(versionsFile, "utf8")) as Record<string, string>;
  const digest = goldenSetDigest(golden);
  const recorded = versions[webEmitter.version];
  if (recorded !== undefined && recorded !== digest)
    throw new Error(`golden output changed but version ${webEmitter.version} is unchanged: bump the emitter version`);
  for (const [name, text] of Object.entries(golden)) writeFileSync(join(dir, `${name}.txt`), text);
  versions[webEmitter.version] = digest;
  writeFileSync(versionsFile, `${JSON.stringify(versions, null, 2)}\n`);
}
