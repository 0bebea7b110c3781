// Reads one config file and classifies the outcome: absent (ENOENT/ENOTDIR), unreadable (any other
// read error), invalid (the caller's parser refused the text) or parsed. Shared by the gate profile
// lookup (strict JSON, hooks-doctor.md §2.9) and doctor's harness files (JSONC, §4.1); the parser is
// passed in, so this file stays dependency-free and the gate chunk never loads a JSONC parser.
import { readFileSync } from "node:fs";

export type ParseOutcome = { ok: true; value: unknown } | { ok: false; why: string };
export type ConfigRead = { kind: "absent" } | { kind: "bad"; why: string } | { kind: "ok"; value: unknown };

export async function readConfigFile(file: string, parse: (text: string) => ParseOutcome): Promise<ConfigRead> {
  let text: string;
  try {
    // Synchronous: one small file, and no FileHandle/promise round trip on the hook's hot path.
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "absent" };
    return { kind: "bad", why: `unreadable (${code ?? "error"})` };
  }
  const parsed = parse(text);
  return parsed.ok ? { kind: "ok", value: parsed.value } : { kind: "bad", why: parsed.why };
}

/** Plain JSON only: comments or trailing commas are "not JSON" (gate profiles, init's merge rule). */
export function parsePlainJson(text: string): ParseOutcome {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, why: "not JSON" };
  }
}
