// Small JSON documents under `.axiom/` read for display only (a manifest's name, an applied
// marker's mode): parsed, never trusted for a decision, absent or unreadable → undefined.
import { fsx } from "@codai/axiom-store";

export async function readJsonDoc(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    const v: unknown = JSON.parse((await fsx.readFile(file)).toString("utf8"));
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A nested string field, or undefined. */
export function stringAt(doc: unknown, ...keys: string[]): string | undefined {
  let v: unknown = doc;
  for (const k of keys) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return typeof v === "string" ? v : undefined;
}
