// Golden fixtures (formats.md §5.5): one JSON file per fixture under packages/testkit/golden/,
// each a Plan, an optional tree (for preImage) and the pinned digests.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Tree } from "./temp";

export const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "golden");

export interface GoldenFixture {
  name: string;
  description: string;
  plan: Record<string, unknown>;
  tree?: Tree;
  /** `root: true` compiles against a temp root holding `tree` (so the manifest carries preImage). */
  compile?: { root?: boolean; store?: "inline" | "cas" };
  /** A patch fixture's inline twin (its expected result bytes, used by golden/pin-goldens.mjs). */
  twin?: string;
  expected: {
    planDigest: string;
    manifestDigest: string;
    /** artifact path → sha256 hex of its bytes; null for a delete. */
    artifacts: Record<string, string | null>;
    preImage?: { path: string; sha256: string }[];
  };
}

export function loadGoldens(dir: string = GOLDEN_DIR): GoldenFixture[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as GoldenFixture);
}
