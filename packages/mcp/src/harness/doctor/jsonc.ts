// JSONC reading for doctor and the elicitation audit (hooks-doctor.md §4.1): comments outside
// strings and trailing commas are tolerated, a leading BOM is ignored; anything else is an error.
// The ESM build: the package "main" is a UMD file whose internal require() esbuild cannot follow.
import { type ParseError, parse } from "jsonc-parser/lib/esm/main.js";
import type { ParseOutcome } from "../gate/config-file";

export type JsoncResult = ParseOutcome;
// Plain JSON (init's merge rule) lives with the dependency-free reader the gate shares.
export { parsePlainJson } from "../gate/config-file";

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

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
