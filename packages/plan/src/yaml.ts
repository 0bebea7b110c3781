// Plan text front-end (formats.md §2.5): JSON, or strict YAML 1.2 core (the yaml package, loaded
// lazily). Every YAML failure is ERR_INVALID_PLAN `{format: "yaml", line?, column?}`; the result
// then goes through exactly the same validation and compile as JSON.
import { axiomError } from "@codai/axiom-schema";

export type PlanTextFormat = "json" | "yaml";

export const YAML_MAX_ALIAS_EXPANSIONS = 100;

/** "yaml" for `.yaml`/`.yml` (case-insensitive), else "json". */
export function planFormatOf(fileName: string): PlanTextFormat {
  return /\.ya?ml$/i.test(fileName) ? "yaml" : "json";
}

/** Parses plan text into a raw value (not yet validated: pass it to compilePlan/parsePlan). */
export async function parsePlanText(text: string, format: PlanTextFormat): Promise<unknown> {
  if (format === "json") {
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw axiomError("ERR_INVALID_PLAN", {
        message: `plan is not JSON: ${(err as Error).message}`,
        details: { format: "json" },
      });
    }
  }
  try {
    return await parseYamlPlan(text);
  } catch (err) {
    if (err instanceof Error && err.name === "AxiomError") throw err;
    // e.g. a stack overflow on absurd nesting: still a YAML input failure, never ERR_INTERNAL
    throw yamlError(`YAML could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
}

type Pos = { line: number; column: number };

function yamlError(message: string, pos?: Pos) {
  return axiomError("ERR_INVALID_PLAN", { message, details: { format: "yaml", ...(pos ?? {}) } });
}

async function parseYamlPlan(text: string): Promise<unknown> {
  const YAML = await import("yaml");
  const lineCounter = new YAML.LineCounter();
  const at = (offset: number | undefined): Pos | undefined => {
    if (offset === undefined) return undefined;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const docs = YAML.parseAllDocuments(text, {
    version: "1.2",
    schema: "core",
    merge: false,
    uniqueKeys: true,
    strict: true,
    prettyErrors: true,
    resolveKnownTags: false,
    lineCounter,
  });
  if (!Array.isArray(docs) || docs.length === 0) throw yamlError("empty YAML input");
  if (docs.length > 1) throw yamlError("a YAML plan must hold exactly one document", at(docs[1]?.range[0]));
  const doc = docs[0] as InstanceType<typeof YAML.Document>;
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const pos = problem.linePos?.[0];
    throw yamlError(
      `YAML ${problem.code}: ${problem.message.split("\n")[0]}`,
      pos ? { line: pos.line, column: pos.col } : undefined,
    );
  }
  if (doc.directives?.yaml.version !== "1.2") throw yamlError("only YAML 1.2 is accepted");
  if (!YAML.isMap(doc.contents)) throw yamlError("the YAML root must be a mapping", at(doc.contents?.range?.[0]));

  // Merge keys, non-scalar keys and alias expansions are checked on the node tree, walking
  // through aliases so nested expansions count too (the count also bounds the walk).
  let expansions = 0;
  const walk = (node: unknown): void => {
    if (YAML.isAlias(node)) {
      expansions++;
      if (expansions > YAML_MAX_ALIAS_EXPANSIONS) {
        throw yamlError(`more than ${YAML_MAX_ALIAS_EXPANSIONS} alias expansions`, at(node.range?.[0]));
      }
      walk(node.resolve(doc));
    } else if (YAML.isMap(node)) {
      // Keys are compared as the strings they become in JSON, so `1:` and `"1":` collide too.
      const seen = new Set<string>();
      for (const pair of node.items) {
        const key = pair.key;
        if (!YAML.isScalar(key))
          throw yamlError("mapping keys must be scalars", at((key as { range?: number[] } | null)?.range?.[0]));
        if (key.value === "<<") throw yamlError("merge keys (<<) are not allowed", at(key.range?.[0]));
        const name = String(key.value);
        if (seen.has(name)) throw yamlError(`duplicate mapping key ${JSON.stringify(name)}`, at(key.range?.[0]));
        seen.add(name);
        walk(pair.value);
      }
    } else if (YAML.isSeq(node)) {
      for (const item of node.items) walk(item);
    }
  };
  walk(doc.contents);

  const value = doc.toJS({ maxAliasCount: -1 }) as Record<string, unknown>;
  if (Object.hasOwn(value, "$schema")) delete value.$schema;
  return value;
}
