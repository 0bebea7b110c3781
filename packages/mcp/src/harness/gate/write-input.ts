// A write-class tool's input → the targets the gate judges, and for apply_patch the parsed files
// (route messages restate them). The patch text is every non-empty string under `input`, `patch`,
// `diff` or `command` (Codex sends it as `tool_input.command`), and a raw string input (Copilot
// CLI's `toolArgs`): all of them are parsed and judged, so a second key cannot carry a patch the
// judged one hides; one malformed text denies the call (decisions HOOK-22).
import type { JsonObject } from "./normalize";
import { type PatchFile, parsePatch, patchFileTargets } from "./patch";
import { extractWriteTargets } from "./targets";
import type { RawTarget } from "./types";

export const PATCH_KEYS = ["input", "patch", "diff", "command"];

export type WriteInput = { ok: true; targets: RawTarget[]; patches: PatchFile[] } | { ok: false; why: string };

export function extractWrite(toolName: string, input: JsonObject, rawInput: string | undefined): WriteInput {
  if (!toolName.toLowerCase().includes("apply_patch")) {
    return { ok: true, targets: extractWriteTargets(toolName, input), patches: [] };
  }
  const texts = PATCH_KEYS.map((k) => input[k]).filter((v): v is string => typeof v === "string" && v !== "");
  if (rawInput !== undefined) texts.push(rawInput);
  const patches: PatchFile[] = [];
  for (const text of texts) {
    const parsed = parsePatch(text);
    if (!parsed.ok) return { ok: false, why: parsed.why };
    patches.push(...parsed.files);
  }
  return { ok: true, targets: patchFileTargets(patches), patches };
}
