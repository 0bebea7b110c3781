// Input files named on the command line (cli.md §3 "input files"): read fully, strict UTF-8
// (a leading BOM dropped), then parsed. Shared by every verb that reads a plan, bundle or snapshot.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { axiomError, type ErrorCode } from "@codai/axiom-schema";

/** Which code a malformed file of this kind yields (plan files vs bundle / snapshot files). */
export type InputKind = "plan" | "bundle" | "snapshot";

const KIND_CODE: Record<InputKind, ErrorCode> = {
  plan: "ERR_INVALID_PLAN",
  bundle: "ERR_INVALID_MANIFEST",
  snapshot: "ERR_INVALID_MANIFEST",
};

export function invalidInputCode(kind: InputKind): ErrorCode {
  return KIND_CODE[kind];
}

/** The raw bytes; a missing or unreadable file is ERR_NOT_FOUND with the name as given. */
export async function readInputBytes(file: string, cwd: string): Promise<Uint8Array> {
  try {
    return await readFile(resolve(cwd, file));
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? "unreadable";
    throw axiomError("ERR_NOT_FOUND", { message: `cannot read ${file} (${reason})`, details: { file } });
  }
}

/** Strict UTF-8: invalid bytes are refused, never replaced by U+FFFD; a leading BOM is dropped. */
export function decodeInputText(bytes: Uint8Array, file: string, kind: InputKind): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw axiomError(KIND_CODE[kind], {
      message: `${file} is not valid UTF-8`,
      details: { file, reason: "not-utf8" },
    });
  }
}

export async function readInputText(file: string, cwd: string, kind: InputKind): Promise<string> {
  return decodeInputText(await readInputBytes(file, cwd), file, kind);
}

/** `line:column` (1-based) of a JSON.parse error position, when the message names one. */
function jsonErrorPlace(text: string, message: string): { line: number; column: number } | undefined {
  const m = /at position (\d+)/.exec(message);
  if (!m) return undefined;
  const before = text.slice(0, Number(m[1]));
  const line = before.split("\n").length;
  return { line, column: before.length - before.lastIndexOf("\n") };
}

/** JSON.parse with the kind's code on failure (`details.reason: "not-json"`, `line`, `column`). */
export function parseInputJson(text: string, file: string, kind: InputKind): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    const place = jsonErrorPlace(text, raw);
    const what = raw.replace(/ in JSON at position \d+.*$/, "").replace(/ at position \d+.*$/, "");
    throw axiomError(KIND_CODE[kind], {
      message: place
        ? `${file}:${place.line}:${place.column}: not valid JSON: ${what}`
        : `${file} is not valid JSON: ${raw}`,
      details: { file, reason: "not-json", ...(place ?? {}) },
    });
  }
}

/** A JSON document of the given kind (bundle, snapshot, JSON plan). */
export async function readJsonInput(file: string, cwd: string, kind: InputKind): Promise<unknown> {
  return parseInputJson(await readInputText(file, cwd, kind), file, kind);
}

/** A ManifestBundle file, before intake: unreadable → ERR_NOT_FOUND, not UTF-8 / not JSON → ERR_INVALID_MANIFEST. */
export function readBundleFile(file: string, cwd: string): Promise<unknown> {
  return readJsonInput(file, cwd, "bundle");
}

/**
 * The bundle of `check` and `apply`: as readBundleFile, and a Plan given where the bundle belongs
 * → ERR_INVALID_MANIFEST `reason: "plan-not-bundle"` saying to compile it first, instead of the
 * bundle schema's complaints (`verify` keeps its negative result for any non-bundle document).
 */
export async function readBundleToApply(file: string, cwd: string): Promise<unknown> {
  const doc = await readBundleFile(file, cwd);
  if (typeof doc === "object" && doc !== null && (doc as { kind?: unknown }).kind === "Plan") {
    throw axiomError("ERR_INVALID_MANIFEST", {
      message: `${file} is a Plan, not a bundle: run axiom compile ${file} --root <dir> -o bundle.json first, then use bundle.json`,
      details: { file, reason: "plan-not-bundle" },
    });
  }
  return doc;
}

/** Plan input format by file extension, case-insensitive (cli.md §7.6). */
export type PlanFormat = "json" | "yaml" | "axm";

export function planFormatOf(file: string): PlanFormat {
  const lower = file.toLowerCase();
  if (lower.endsWith(".axm")) return "axm";
  if (lower.endsWith(".yaml") || lower.endsWith(".yml")) return "yaml";
  return "json";
}
