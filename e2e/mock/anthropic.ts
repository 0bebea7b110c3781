// Anthropic Messages API (POST /v1/messages, stream: true), the dialect Claude Code speaks with
// ANTHROPIC_BASE_URL pointing here. Tool results come back as `tool_result` blocks in user turns.
import type { ServerResponse } from "node:http";
import type { ToolResult, Turn } from "./script";
import { type Dialect, type OfferedTool, type Parsed, sse } from "./server";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  return list(content)
    .map((b) => (isObj(b) && typeof b.text === "string" ? b.text : ""))
    .join("\n");
}

function parse(body: unknown): Parsed {
  const b = isObj(body) ? body : {};
  const tools: OfferedTool[] = list(b.tools)
    .filter(isObj)
    .map((t) => ({ name: String(t.name), schema: t.input_schema }));
  const results: ToolResult[] = [];
  for (const m of list(b.messages)) {
    if (!isObj(m)) continue;
    for (const block of list(m.content)) {
      if (isObj(block) && block.type === "tool_result") {
        results.push({
          callId: String(block.tool_use_id),
          text: textOf(block.content),
          isError: block.is_error === true,
        });
      }
    }
  }
  return { tools, results, stream: b.stream === true };
}

function blocks(turn: Turn, seq: number): Obj[] {
  if (turn.kind === "text") return [{ type: "text", text: turn.text }];
  const input = turn.kind === "tool" ? turn.input : { input: turn.input };
  return [{ type: "tool_use", id: `toolu_e2e_${seq}`, name: turn.name, input }];
}

function respond(res: ServerResponse, turn: Turn, parsed: Parsed, seq: number): void {
  const content = blocks(turn, seq);
  const stop = turn.kind === "text" ? "end_turn" : "tool_use";
  const usage = { input_tokens: 10, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const message = { id: `msg_e2e_${seq}`, type: "message", role: "assistant", model: "claude-e2e-mock" };
  if (!parsed.stream) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ...message, content, stop_reason: stop, stop_sequence: null, usage }));
    return;
  }
  const events: { event: string; data: unknown }[] = [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage },
      },
    },
  ];
  content.forEach((block, index) => {
    if (block.type === "text") {
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: { type: "text", text: "" } },
      });
      events.push({
        event: "content_block_delta",
        data: { type: "content_block_delta", index, delta: { type: "text_delta", text: block.text } },
      });
    } else {
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: { ...block, input: {} } },
      });
      events.push({
        event: "content_block_delta",
        data: {
          type: "content_block_delta",
          index,
          delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) },
        },
      });
    }
    events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
  });
  events.push({
    event: "message_delta",
    data: { type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 10 } },
  });
  events.push({ event: "message_stop", data: { type: "message_stop" } });
  sse(res, events);
}

export const anthropic: Dialect = {
  name: "anthropic-messages",
  matches: (method, path) => method === "POST" && /^\/v1\/messages(\?|$)/.test(path),
  parse,
  respond,
};
