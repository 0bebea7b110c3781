// JSONC reading for doctor and the elicitation audit (hooks-doctor.md §4.1): comments outside
// strings and trailing commas are tolerated, a leading BOM is ignored; anything else is an error.
// The ESM build: the package "main" is a UMD file whose internal require() esbuild cannot follow.
import { type ParseError, parse } from "jsonc-parser/lib/esm/main.js";

export type JsoncResult = { ok: true; value: unknown } | { ok: false; why: string };

export function parseJsonc(text: string): JsoncResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const errors: ParseError[] = [];
  const value: unknown = parse(body, errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: false,
  });
  if (errors.length > 0) return { ok: false, why: `not JSON(C) at offset ${errors[0]?.offset ?? 0}` };
  return { ok: true, value };
}

/** Plain JSON only (init's merge rule): JSONC with comments or trailing commas is not plain. */
export function parsePlainJson(text: string): JsoncResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, why: "not plain JSON" };
  }
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
