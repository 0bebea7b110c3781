// Payload normalisation across harnesses (hooks-doctor.md §2.3; the recorded shapes of
// harness-facts.md): Claude Code and Codex (`tool_input` object), Copilot CLI (`toolArgs` an object
// for function tools, the raw patch string for apply_patch, or a JSON string), Gemini CLI
// (`hook_event_name: "BeforeTool"`, snake_case) and VS Code all reduce to {toolName, input, cwd}.
// Every shape is always read, whatever --harness says (decisions HOOK-20), so naming the harness
// can change the names in a message but never what is judged.
import type { Harness } from "./types";

export type JsonObject = Record<string, unknown>;

export interface NormalisedPayload {
  toolName: string | undefined;
  input: JsonObject;
  /** The tool input when it is a string that is not a JSON object (Copilot's apply_patch text). */
  rawInput?: string;
  cwd: string | undefined;
  /** The harness the payload's shape names (harness.ts reads it when --harness is absent). */
  shape?: Harness;
}

const NAME_KEYS = ["tool_name", "toolName", "tool", "name"];
const INPUT_KEYS = ["tool_input", "toolInput", "toolArgs", "tool_args", "args", "input"];
const CWD_KEYS = ["cwd", "workingDirectory", "working_directory"];

export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function firstString(obj: JsonObject, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = obj[k];
    if (typeof v === "string" && v !== "") return v;
  }
  return undefined;
}

/** An object, a JSON string of an object, a JSON string of a string, or the raw string itself. */
function readInput(v: unknown): { obj: JsonObject } | { text: string } | undefined {
  if (isObject(v)) return { obj: v };
  if (typeof v !== "string" || v === "") return undefined;
  // Only text that starts like JSON is parsed: a patch never does, and JSON.parse of a 4 MiB
  // patch would cost a failed parse on every call.
  const c = v.trimStart()[0];
  if (c === "{" || c === '"') {
    try {
      const parsed: unknown = JSON.parse(v);
      if (isObject(parsed)) return { obj: parsed };
      if (typeof parsed === "string" && parsed !== "") return { text: parsed };
    } catch {
      // not JSON: the raw string below
    }
  }
  return { text: v };
}

function shapeOf(payload: JsonObject): Harness {
  if (payload.hook_event_name === "BeforeTool") return "gemini";
  if ("toolName" in payload || "toolArgs" in payload) return "copilot";
  return "claude";
}

/** undefined when the payload is not a JSON object (fail-closed by the caller). */
export function normalisePayload(text: string): NormalisedPayload | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(payload)) return undefined;
  let input: JsonObject | undefined;
  let rawInput: string | undefined;
  for (const k of INPUT_KEYS) {
    const r = readInput(payload[k]);
    if (r === undefined) continue;
    if ("obj" in r) {
      input = r.obj;
      break;
    }
    // The first string is kept, but a later object (the §2.3 rule) still wins as the input.
    rawInput ??= r.text;
  }
  const out: NormalisedPayload = {
    toolName: firstString(payload, NAME_KEYS),
    input: input ?? {},
    cwd: firstString(payload, CWD_KEYS),
    shape: shapeOf(payload),
  };
  if (rawInput !== undefined) out.rawInput = rawInput;
  return out;
}
