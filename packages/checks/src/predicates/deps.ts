// deps.max, deps.deny (checks.md §4.6): dependency names of package.json-like artifacts.
import { compileGlobs } from "@codai/axiom-rules";
import type { ManifestArtifact } from "@codai/axiom-schema";
import { z } from "zod";
import type { Facts, PredicateDef, RawFinding } from "../types";

const FILES_DEFAULT = ["**/package.json"];
const MaxParams = z.strictObject({ max: z.number().int().min(0), files: z.array(z.string()).default(FILES_DEFAULT) });
const DenyParams = z.strictObject({
  packages: z.array(z.string()).min(1),
  files: z.array(z.string()).default(FILES_DEFAULT),
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Keys of `dependencies` plus `devDependencies` (objects only); undefined when not a JSON object. */
export function dependencyNames(bytes: Uint8Array): string[] | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (!isObject(doc)) return undefined;
  const names: string[] = [];
  for (const key of ["dependencies", "devDependencies"]) {
    const section = doc[key];
    if (isObject(section)) names.push(...Object.keys(section));
  }
  return names;
}

async function* depFiles(facts: Facts, files: readonly string[]): AsyncGenerator<[ManifestArtifact, string[]]> {
  const match = compileGlobs(files);
  for (const a of facts.manifest.artifacts) {
    if (a.op === "delete" || !match(a.path)) continue;
    const bytes = await facts.content(a);
    const names = bytes === undefined ? undefined : dependencyNames(bytes);
    if (names !== undefined) yield [a, names];
  }
}

export const depsMax: PredicateDef<z.output<typeof MaxParams>> = {
  id: "deps.max",
  requires: ["manifest", "content"],
  params: MaxParams,
  async run({ params, facts }) {
    const out: RawFinding[] = [];
    for await (const [a, names] of depFiles(facts, params.files)) {
      const count = names.length;
      if (count > params.max) {
        out.push({
          id: "deps.max",
          path: a.path,
          message: `${count} dependencies declared (max ${params.max})`,
          facts: { count, max: params.max },
        });
      }
    }
    return out;
  },
};

export const depsDeny: PredicateDef<z.output<typeof DenyParams>> = {
  id: "deps.deny",
  requires: ["manifest", "content"],
  params: DenyParams,
  async run({ params, facts }) {
    const out: RawFinding[] = [];
    for await (const [a, names] of depFiles(facts, params.files)) {
      const present = new Set(names);
      for (const pkg of params.packages) {
        if (present.has(pkg))
          out.push({ id: `deps.deny.${pkg}`, path: a.path, message: `denied package ${pkg}`, facts: { package: pkg } });
      }
    }
    return out;
  },
};
