// Gemini API (POST /v1beta/models/<model>:streamGenerateContent?alt=sse, or :generateContent), the
// dialect of Gemini CLI with GOOGLE_GEMINI_BASE_URL pointing here. Tools come as
// `tools[].functionDeclarations`; tool results as `functionResponse` parts in the history.
import type { ServerResponse } from "node:http";
import type { ToolResult, Turn } from "./script";
import { type Dialect, type OfferedTool, type Parsed, sse } from "./server";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function parse(body: unknown, path: string): Parsed {
  const b = isObj(body) ? body : {};
  const tools: OfferedTool[] = list(b.tools)
    .filter(isObj)
    .flatMap((t) => list(t.functionDeclarations).filter(isObj))
    .map((f) => ({ name: String(f.name), schema: f.parametersJsonSchema ?? f.parameters }));
  const results: ToolResult[] = [];
  for (const c of list(b.contents)) {
    if (!isObj(c)) continue;
    for (const part of list(c.parts)) {
      if (!isObj(part) || !isObj(part.functionResponse)) continue;
      const fr = part.functionResponse;
      const response = isObj(fr.response) ? fr.response : {};
      // A blocked tool: `error` is the reason text; an MCP tool error: `error: {message, isError}`.
      const error =
        typeof response.error === "string"
          ? response.error
          : isObj(response.error)
            ? String(response.error.message)
            : undefined;
      const text = error ?? (typeof response.output === "string" ? response.output : JSON.stringify(response));
      results.push({ callId: String(fr.id ?? fr.name), text, isError: error !== undefined });
    }
  }
  return { tools, results, stream: path.includes("streamGenerateContent") };
}

function respond(res: ServerResponse, turn: Turn, parsed: Parsed, seq: number): void {
  const part =
    turn.kind === "text"
      ? { text: turn.text }
      : {
          functionCall: {
            name: turn.name,
            args: turn.kind === "tool" ? turn.input : { input: turn.input },
            id: `gem_e2e_${seq}`,
          },
        };
  const chunk = {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
    modelVersion: "gemini-e2e-mock",
  };
  if (!parsed.stream) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(chunk));
    return;
  }
  sse(res, [{ data: chunk }]);
}

export const gemini: Dialect = {
  name: "gemini-generate-content",
  matches: (method, path) => method === "POST" && /:(stream)?[gG]enerateContent/.test(path),
  parse,
  respond,
};
