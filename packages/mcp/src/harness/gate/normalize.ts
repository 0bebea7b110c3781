// Payload normalisation across harnesses (hooks-doctor.md §2.3): Claude Code, Copilot CLI
// (`toolArgs` as a JSON string) and VS Code (snake_case) all reduce to {toolName, input, cwd}.
export type JsonObject = Record<string, unknown>;

export interface NormalisedPayload {
  toolName: string | undefined;
  input: JsonObject;
  cwd: string | undefined;
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

function asObject(v: unknown): JsonObject | undefined {
  if (isObject(v)) return v;
  if (typeof v !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(v);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
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
  let input: JsonObject = {};
  for (const k of INPUT_KEYS) {
    const o = asObject(payload[k]);
    if (o) {
      input = o;
      break;
    }
  }
  return { toolName: firstString(payload, NAME_KEYS), input, cwd: firstString(payload, CWD_KEYS) };
}
