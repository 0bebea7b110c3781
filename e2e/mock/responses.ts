// OpenAI Responses API (POST /v1/responses, stream: true), the dialect of Codex's custom provider
// (`wire_api = "responses"`) and of Copilot CLI's BYOK provider. Function tools, freeform (custom)
// tools such as apply_patch and Codex's `namespace` groups of MCP tools are all read as offered
// tools; tool results come back as `function_call_output` / `custom_tool_call_output` items.
import type { ServerResponse } from "node:http";
import type { ToolResult, Turn } from "./script";
import { type Dialect, type OfferedTool, type Parsed, sse } from "./server";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function offered(t: Obj, namespace?: string): OfferedTool[] {
  if (t.type === "namespace") {
    return list(t.tools)
      .filter(isObj)
      .flatMap((inner) => offered(inner, String(t.name)));
  }
  const name = String(t.name ?? t.type);
  const schema = t.type === "custom" ? t.format : t.parameters;
  return [{ name, schema, ...(namespace !== undefined ? { namespace } : {}) }];
}

function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (isObj(output) && typeof output.content === "string") return output.content;
  return list(isObj(output) ? output.content : output)
    .map((b) => (isObj(b) && typeof b.text === "string" ? b.text : ""))
    .join("\n");
}

function parse(body: unknown): Parsed {
  const b = isObj(body) ? body : {};
  const tools = list(b.tools)
    .filter(isObj)
    .flatMap((t) => offered(t));
  const results: ToolResult[] = [];
  for (const item of list(b.input)) {
    if (!isObj(item)) continue;
    if (item.type === "function_call_output" || item.type === "custom_tool_call_output") {
      const text = outputText(item.output);
      results.push({ callId: String(item.call_id), text, isError: false });
    }
    if (item.type === "tool_search_output") {
      // Codex's deferred MCP tools: the search answer carries their definitions.
      const found = list(item.tools).filter(isObj);
      tools.push(...found.flatMap((t) => offered(t)));
      results.push({
        callId: String(item.call_id),
        text: JSON.stringify(found),
        isError: false,
        retry: found.length === 0,
      });
    }
  }
  return { tools, results, stream: b.stream !== false };
}

/** Codex's client-side tool search: the model's call is a `tool_search_call` item. */
export const TOOL_SEARCH = "tool_search";

/** A tool name `ns.tool` is a function inside namespace `ns` (Codex's MCP groups). */
function outputItem(turn: Turn, seq: number): Obj {
  if (turn.kind === "text") {
    return {
      type: "message",
      id: `msg_e2e_${seq}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: turn.text, annotations: [] }],
    };
  }
  if (turn.kind === "custom") {
    return {
      type: "custom_tool_call",
      id: `ctc_e2e_${seq}`,
      call_id: `call_e2e_${seq}`,
      name: turn.name,
      input: turn.input,
      status: "completed",
    };
  }
  if (turn.name === TOOL_SEARCH) {
    return {
      type: "tool_search_call",
      id: `ts_e2e_${seq}`,
      call_id: `call_e2e_${seq}`,
      execution: "client",
      arguments: turn.input,
      status: "completed",
    };
  }
  const dot = turn.name.indexOf(".");
  const ns = dot === -1 ? {} : { namespace: turn.name.slice(0, dot) };
  const name = dot === -1 ? turn.name : turn.name.slice(dot + 1);
  return {
    type: "function_call",
    id: `fc_e2e_${seq}`,
    call_id: `call_e2e_${seq}`,
    name,
    ...ns,
    arguments: JSON.stringify(turn.input),
    status: "completed",
  };
}

function respond(res: ServerResponse, turn: Turn, _parsed: Parsed, seq: number): void {
  const item = outputItem(turn, seq);
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 10,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 20,
  };
  const base = {
    id: `resp_e2e_${seq}`,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    model: "gpt-e2e-mock",
  };
  const events: { event: string; data: Obj }[] = [
    {
      event: "response.created",
      data: { type: "response.created", response: { ...base, status: "in_progress", output: [] } },
    },
    {
      event: "response.output_item.added",
      data: { type: "response.output_item.added", output_index: 0, item: { ...item, status: "in_progress" } },
    },
  ];
  if (turn.kind === "text") {
    events.push({
      event: "response.output_text.delta",
      data: {
        type: "response.output_text.delta",
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        delta: turn.text,
      },
    });
    events.push({
      event: "response.output_text.done",
      data: { type: "response.output_text.done", item_id: item.id, output_index: 0, content_index: 0, text: turn.text },
    });
  }
  events.push({
    event: "response.output_item.done",
    data: { type: "response.output_item.done", output_index: 0, item },
  });
  events.push({
    event: "response.completed",
    data: { type: "response.completed", response: { ...base, status: "completed", output: [item], usage } },
  });
  sse(res, events);
}

export const responses: Dialect = {
  name: "openai-responses",
  matches: (method, path) => method === "POST" && /\/responses(\?|$)/.test(path),
  parse,
  respond,
};
