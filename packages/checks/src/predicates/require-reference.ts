// repo.requireReference (checks.md §4.8): a companion file must mention each trigger.
import { decodeUtf8Strict } from "@codai/axiom-canon";
import { compileGlob, isRelPath } from "@codai/axiom-rules";
import type { JsonValue } from "@codai/axiom-schema";
import { z } from "zod";
import { rawProviderFailure } from "../findings";
import type { Facts, PredicateDef, RawFinding, RepoFacts } from "../types";

export const COMPANION_READ_MAX = 8 * 1024 * 1024;

const RuleSchema = z.strictObject({
  name: z.string().min(1),
  when: z.string(),
  in: z.string().refine(isRelPath, "must be a RelPath"),
  mustContain: z.string(),
  mustChange: z.boolean().default(false),
  jsonPointer: z
    .string()
    .refine((p) => p === "" || p.startsWith("/"), 'a JSON pointer is "" or starts with "/"')
    .optional(),
});
const Params = z.strictObject({ rules: z.array(RuleSchema).min(1) });
type Rule = z.output<typeof RuleSchema>;

/** `${path}`, `${basename}`, `${dirname}`; any other `${…}` stays literal. */
export function expandTemplate(template: string, path: string): string {
  const slash = path.lastIndexOf("/");
  const vars: Record<string, string> = {
    path,
    basename: path.slice(slash + 1),
    dirname: slash < 0 ? "" : path.slice(0, slash),
  };
  return template.replace(/\$\{([^}]*)\}/g, (m, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] as string) : m,
  );
}

/** RFC 6901; undefined when the pointer does not resolve. */
export function resolvePointer(doc: unknown, pointer: string): { value: unknown } | undefined {
  if (pointer === "") return { value: doc };
  let current: unknown = doc;
  for (const raw of pointer.slice(1).split("/")) {
    const token = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= current.length) return undefined;
      current = current[Number(token)];
    } else if (typeof current === "object" && current !== null && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else return undefined;
  }
  return { value: current };
}

type Source =
  | { kind: "plan" | "repo"; bytes: Uint8Array }
  | { kind: "absent" }
  | { kind: "none" }
  | { kind: "unreadable"; reason: string };

async function companionSource(rule: Rule, facts: Facts): Promise<Source> {
  const planned = facts.manifest.artifacts.find((a) => a.path === rule.in);
  if (planned) {
    if (planned.op === "delete") return { kind: "absent" };
    const bytes = await facts.content(planned);
    return bytes === undefined ? { kind: "none" } : { kind: "plan", bytes };
  }
  if (rule.mustChange) return { kind: "absent" };
  try {
    const bytes = await (facts.repo as RepoFacts).read(rule.in, COMPANION_READ_MAX);
    return bytes === undefined ? { kind: "absent" } : { kind: "repo", bytes };
  } catch (err) {
    return { kind: "unreadable", reason: err instanceof Error ? err.message : String(err) };
  }
}

/** Builds the "contains" test for a readable companion, or the reason it cannot be judged. */
function containsTest(bytes: Uint8Array, pointer: string | undefined): ((expected: string) => boolean) | string {
  const text = decodeUtf8Strict(bytes);
  if (text === undefined) return "companion is not valid UTF-8";
  if (pointer === undefined) return (expected) => text.includes(expected);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return "companion is not JSON";
  }
  const resolved = resolvePointer(doc, pointer);
  if (!resolved) return `JSON pointer ${pointer} does not resolve`;
  const value = resolved.value;
  if (typeof value === "string") return (expected) => value.includes(expected);
  if (Array.isArray(value)) return (expected) => value.some((v) => typeof v === "string" && v === expected);
  if (typeof value === "object" && value !== null) return (expected) => Object.hasOwn(value, expected);
  return `JSON pointer ${pointer} resolves to a ${value === null ? "null" : typeof value}`;
}

export const repoRequireReference: PredicateDef<z.output<typeof Params>> = {
  id: "repo.requireReference",
  requires: ["manifest", "content", "repo"],
  params: Params,
  async run({ params, facts }) {
    const out: RawFinding[] = [];
    for (const rule of params.rules) {
      const when = compileGlob(rule.when);
      const triggers = facts.manifest.artifacts.filter((a) => a.op !== "delete" && a.path !== rule.in && when(a.path));
      if (triggers.length === 0) continue;
      const source = await companionSource(rule, facts);
      if (source.kind === "none") continue;
      const pointerFacts: Record<string, JsonValue> =
        rule.jsonPointer === undefined ? {} : { jsonPointer: rule.jsonPointer };
      const test =
        source.kind === "absent"
          ? undefined
          : source.kind === "unreadable"
            ? source.reason
            : containsTest(source.bytes, rule.jsonPointer);
      for (const trigger of triggers) {
        const expected = expandTemplate(rule.mustContain, trigger.path);
        const base = { in: rule.in, expected, ...pointerFacts };
        if (typeof test === "string") {
          out.push(
            rawProviderFailure("repo.requireReference", "ERR_PROVIDER_FAILED", `${rule.in}: ${test}`, {
              path: trigger.path,
              facts: base,
            }),
          );
          continue;
        }
        if (source.kind === "absent") {
          out.push({
            id: `repo.requireReference.${rule.name}`,
            path: trigger.path,
            message: `${rule.in} is absent, so it cannot mention ${expected}`,
            facts: { ...base, source: "absent", mustChange: rule.mustChange },
          });
        } else if (test && !test(expected)) {
          out.push({
            id: `repo.requireReference.${rule.name}`,
            path: trigger.path,
            message: `${rule.in} does not mention ${expected}`,
            facts: { ...base, source: source.kind as "plan" | "repo" },
          });
        }
      }
    }
    return out;
  },
};
