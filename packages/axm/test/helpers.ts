// Shared test helpers: source builders and diagnostic assertions that compare codes and ranges only.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Diagnostic, parseAxm, type Range } from "@codai/axiom-axm";
import { expect } from "vitest";

export const EXAMPLES = join(dirname(fileURLToPath(import.meta.url)), "..", "examples");
export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
export const GOLDEN = ["hello-note", "bump-version", "api-health", "heredoc-edges"] as const;

export function example(name: string): string {
  return readFileSync(join(EXAMPLES, `${name}.axm`), "utf8");
}

export function examplePlan(name: string): unknown {
  return JSON.parse(readFileSync(join(EXAMPLES, `${name}.plan.json`), "utf8"));
}

/** Lines joined with LF. */
export function lines(...ls: string[]): string {
  return ls.join("\n");
}

/** `start`–`end` as "L:C-L:C". */
export function rangeText(r: Range): string {
  return `${r.start.line}:${r.start.column}-${r.end.line}:${r.end.column}`;
}

export function short(d: Diagnostic): string {
  return `${d.code} ${rangeText(d.range)}`;
}

/** A plan wrapper: `body` goes inside `plan p { intent "x" … }`. */
export function inPlan(body: string, intent = true): string {
  return lines('axiom "2"', "plan p {", ...(intent ? ['  intent "x"'] : []), body, "}");
}

/** One artifact holding `items`, in a minimal plan. */
export function inArtifact(items: string, path = '"a"'): string {
  return inPlan(`  artifact ${path} { ${items} }`);
}

/** Parses and expects exactly the diagnostics "CODE L:C-L:C" given, and no plan. */
export function expectDiagnostics(source: string, expected: string[]): Diagnostic[] {
  const r = parseAxm(source);
  expect(r.diagnostics.map(short)).toEqual(expected);
  expect(r.plan).toBeUndefined();
  return r.diagnostics;
}

/** Parses and expects a plan with no diagnostic. */
export function expectPlan(source: string) {
  const r = parseAxm(source);
  expect(r.diagnostics).toEqual([]);
  expect(r.plan).toBeDefined();
  return r.plan as NonNullable<typeof r.plan>;
}

/** Where `needle` (the n-th occurrence, 1-based) sits in `source`: "L:C-L:C" over its length. */
export function at(source: string, needle: string, nth = 1): string {
  let idx = -1;
  for (let i = 0; i < nth; i++) {
    idx = source.indexOf(needle, idx + 1);
    if (idx === -1) throw new Error(`needle ${needle} not found`);
  }
  const pos = (o: number) => {
    const before = source.slice(0, o);
    const line = before.split("\n").length;
    return `${line}:${o - before.lastIndexOf("\n")}`;
  };
  return `${pos(idx)}-${pos(idx + needle.length)}`;
}
