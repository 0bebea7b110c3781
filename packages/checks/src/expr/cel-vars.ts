// The closed variable set of expr.cel (checks.md §4.9): manifest, artifacts, content, repo.
// Values are plain data (structured-cloneable for the evaluation worker); JSON integers become
// CEL ints (BigInt) so `a.bytes > 100` compares int to int.
import { decodeUtf8Strict } from "@codai/axiom-canon";
import type { Facts } from "../types";

export const CEL_VARIABLES = ["manifest", "artifacts", "content", "repo"] as const;
export type CelVariable = (typeof CEL_VARIABLES)[number];

/** Texts larger than this are left out of `content[path].text` (and Cedar's `text`). */
export const TEXT_MAX_BYTES = 256 * 1024;

export type CelValue = null | boolean | bigint | number | string | CelValue[] | { [k: string]: CelValue };

export function toCelValue(value: unknown): CelValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value) : value;
  if (typeof value === "boolean" || typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(toCelValue);
  if (typeof value === "object") {
    const out: { [k: string]: CelValue } = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = toCelValue(v);
    return out;
  }
  return null;
}

/** UTF-8 text of a blob when it decodes strictly and is at most 256 KiB, else undefined. */
export function textOf(bytes: Uint8Array | undefined): string | undefined {
  if (bytes === undefined || bytes.length > TEXT_MAX_BYTES) return undefined;
  return decodeUtf8Strict(bytes);
}

/** content: path → {bytes, sha256, text?} for every non-delete artifact whose blob is available. */
async function contentVar(facts: Facts): Promise<CelValue> {
  const out: { [k: string]: CelValue } = {};
  for (const a of facts.manifest.artifacts) {
    if (a.op === "delete") continue;
    const bytes = await facts.content(a);
    if (bytes === undefined) continue;
    const entry: { [k: string]: CelValue } = { bytes: BigInt(bytes.length), sha256: a.digest?.sha256 ?? "" };
    const text = textOf(bytes);
    if (text !== undefined) entry.text = text;
    out[a.path] = entry;
  }
  return out;
}

/** repo: {exists: path → bool over the manifest's paths, packageJson?, gitHead?, gitDirty?}. */
async function repoVar(facts: Facts): Promise<CelValue> {
  const repo = facts.repo;
  if (!repo) return null;
  const exists: { [k: string]: CelValue } = {};
  for (const a of facts.manifest.artifacts) exists[a.path] = await repo.exists(a.path);
  const out: { [k: string]: CelValue } = { exists };
  if (repo.packageJson !== undefined) out.packageJson = toCelValue(repo.packageJson);
  if (repo.gitHead !== undefined) out.gitHead = repo.gitHead;
  if (repo.gitDirty !== undefined) out.gitDirty = repo.gitDirty;
  return out;
}

/** Builds only the variables the expression mentions (content and repo cost I/O). */
export async function buildCelVariables(
  facts: Facts,
  mentioned: ReadonlySet<string>,
): Promise<Record<string, CelValue>> {
  const vars: Record<string, CelValue> = {};
  if (mentioned.has("manifest")) vars.manifest = toCelValue(facts.manifest);
  if (mentioned.has("artifacts")) vars.artifacts = toCelValue(facts.manifest.artifacts);
  if (mentioned.has("content")) vars.content = await contentVar(facts);
  if (mentioned.has("repo") && facts.repo) vars.repo = await repoVar(facts);
  return vars;
}
