// Shared by the workflow tests: the guard options of a call that runs no guard, readers of the
// `.axiom/` files a use case leaves, a compiled one-file bundle, and axiom_write's two-call steps.
import { readdir, readFile } from "node:fs/promises";
import type { ManifestBundle } from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store/layout";
import {
  buildWritePlan,
  compilePlan,
  compileWrite,
  type GuardOptions,
  type PreparedConfirm,
  type ReadyConfirm,
  type WriteFile,
} from "../src/index";

export const NO_GUARDS: GuardOptions = { allowGuards: false, guardAllowlist: [] };

/** The checks options of an axiom_write call under the default profile, without guards. */
export const WRITE_CHECKS = { profile: "default", guards: NO_GUARDS };

/** axiom_write's compile step on `root` (plan profile default). */
export function compiled(root: string, files: WriteFile[], intent = "") {
  return compileWrite({ root, files, intent, planProfile: "default" });
}

/** The prepared confirm, asserted to be one (not a noop or a mismatch). */
export function ready(p: PreparedConfirm): ReadyConfirm {
  if (p.kind !== "confirm") throw new Error(`expected a confirm, got ${p.kind}`);
  return p;
}

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
