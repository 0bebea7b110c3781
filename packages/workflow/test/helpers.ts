// Shared by the workflow tests: the guard options of a call that runs no guard, readers of the
// `.axiom/` files a use case leaves, and a compiled one-file bundle.
import { readdir, readFile } from "node:fs/promises";
import type { ManifestBundle } from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store/layout";
import { buildWritePlan, compilePlan, type GuardOptions } from "../src/index";

export const NO_GUARDS: GuardOptions = { allowGuards: false, guardAllowlist: [] };

/** The stored `manifests/<hex>.json` text of a digest, or null. */
export function storedText(root: string, digest: string): Promise<string | null> {
  return readFile(layout.manifest(root, digest.slice(7)), "utf8").catch(() => null);
}

/** The stored `reports/<hex>.json` text of a digest, or null. */
export function reportText(root: string, digest: string): Promise<string | null> {
  return readFile(layout.report(root, digest.slice(7)), "utf8").catch(() => null);
}

/** The names directly under `root` other than `.axiom` (what a use case may not have touched). */
export async function treeNames(root: string): Promise<string[]> {
  return (await readdir(root)).filter((n) => n !== ".axiom").sort();
}

/** A root-less compile of one inline file (an `overwrite`, so it applies whether or not it exists). */
export function oneFileBundle(path: string, content: string, profile = "default"): Promise<ManifestBundle> {
  return compilePlan({ plan: buildWritePlan([{ path, content }], "", profile) });
}
