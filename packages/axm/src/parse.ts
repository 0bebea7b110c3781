// parseAxm: the whole pipeline of axm.md §1. Never throws: anything escaping a stage becomes one
// ERR_INVALID_PLAN diagnostic at 1:1–1:1.
import type { Plan } from "@codai/axiom-schema";
import { compileFile } from "./compile";
import { type Diagnostic, fallbackRange, orderAndCap, PositionIndex, StageOneError, toDiagnostic } from "./diagnostics";
import { parseFile } from "./parser";

export interface ParseAxmResult {
  plan?: Plan;
  diagnostics: Diagnostic[];
}

export function parseAxm(source: string): ParseAxmResult {
  try {
    if (typeof source !== "string") return internalFailure("source must be a string");
    return run(source.replace(/\r\n/g, "\n"));
  } catch (err) {
    return internalFailure(err instanceof Error ? err.message : String(err));
  }
}

function run(text: string): ParseAxmResult {
  const index = new PositionIndex(text);
  let file: ReturnType<typeof parseFile>;
  try {
    file = parseFile(text);
  } catch (err) {
    if (!(err instanceof StageOneError)) throw err;
    return { diagnostics: [toDiagnostic(index, { code: "ERR_INVALID_PLAN", message: err.message, span: err.span })] };
  }
  const result = compileFile(file);
  if (result.plan) return { plan: result.plan, diagnostics: [] };
  return { diagnostics: orderAndCap(result.diagnostics).map((d) => toDiagnostic(index, d)) };
}

function internalFailure(reason: string): ParseAxmResult {
  const message = `the .axm source could not be processed: ${reason || "internal error"}`;
  return { diagnostics: [{ severity: "error", code: "ERR_INVALID_PLAN", message, range: fallbackRange() }] };
}
