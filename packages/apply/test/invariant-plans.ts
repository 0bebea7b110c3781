// fast-check generators for the apply invariants (threats.md §3): small random plans over a fixed
// path pool (no pool path is a prefix of another, so any subset is a valid tree), their pre-tree,
// bundle, and the pre/post states of the manifest paths.
import * as path from "node:path";
import fc from "fast-check";
import { type FileSpec, type Json, makeBundle, snapshot, writeTree } from "./engine-helpers";

export const POOL = ["a.txt", "b.bin", "d/e.txt", "d/f.txt", "g/h/i.txt", "g/j.txt", "k/l.txt"] as const;
/** Files no plan names: they must never change. */
export const UNRELATED: Record<string, string> = {
  "u1.txt": "unrelated 1\n",
  "d/u2.txt": "unrelated 2\n",
  "m/u3.txt": "u3\n",
};

export interface PlanItem {
  path: string;
  op: "create" | "overwrite" | "delete" | "delete-absent";
  pre: string;
  post: string;
  exec: boolean;
}

export const planArb = fc.uniqueArray(
  fc.record({
    path: fc.constantFrom(...POOL),
    op: fc.constantFrom("create", "overwrite", "delete", "delete-absent") as fc.Arbitrary<PlanItem["op"]>,
    pre: fc.string({ maxLength: 24 }),
    post: fc.string({ maxLength: 24 }),
    exec: fc.boolean(),
  }),
  { selector: (x) => x.path, minLength: 1, maxLength: 4 },
);

export interface BuiltPlan {
  items: PlanItem[];
  preTree: Record<string, string>;
  bundle: Json;
  paths: string[];
}

export function buildPlan(items: PlanItem[], name = "inv"): BuiltPlan {
  const preTree: Record<string, string> = { ...UNRELATED };
  const files: FileSpec[] = [];
  for (const it of items) {
    if (it.op === "overwrite" || it.op === "delete") preTree[it.path] = `pre:${it.pre}`;
    if (it.op === "delete" || it.op === "delete-absent") files.push({ path: it.path, op: "delete" });
    else files.push({ path: it.path, op: it.op, content: `post:${it.post}`, mode: it.exec ? "0755" : "0644" });
  }
  return { items, preTree, bundle: makeBundle(files, { name }), paths: items.map((i) => i.path) };
}

export function plant(root: string, plan: BuiltPlan): void {
  writeTree(root, plan.preTree);
}

/** The manifest paths' state (digest:mode or missing) — the unit of "all pre or all post". */
export function pathsState(root: string, paths: readonly string[]): Record<string, string> {
  const all = snapshot(root);
  return Object.fromEntries(paths.map((p) => [p, all[p] ?? "absent"]));
}

export const isUnder = (p: string, dir: string) => p === dir || p.startsWith(dir + path.sep);
