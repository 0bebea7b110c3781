// The stdio front's answers (src/stdio-front-serve.ts, decisions SHIP-9) against the SDK server they
// stand in for, in process: every `initialize` the front answers, the SDK answers with the same line
// (and the session's tools/list and ping too); params the SDK's schemas refuse are never answered by
// the front; messages outside the 2025-era opening are left to the SDK.
import { describe, expect, test } from "vitest";
import { InMemoryTransport, SUPPORTED_PROTOCOL_VERSIONS } from "../src/server/adapter";
import { serverFactory } from "../src/server/server";
import type { Toolset } from "../src/server/tools/types";
import { FRONT_DATA, type FrontSession } from "../src/transports/stdio/front-data";
import { frontReply, isInitializedNotification } from "../src/transports/stdio/front-serve";

type Msg = Record<string, unknown>;

/** The SDK server's answer lines to `requests`, sent one after the other (notifications get none). */
async function sdkLines(toolset: Toolset, requests: Msg[]): Promise<(string | undefined)[]> {
  const server = await serverFactory({ roots: new Set(), platform: process.platform }, { toolset })({ era: "legacy" });
  const [client, end] = InMemoryTransport.createLinkedPair();
  const answers = new Map<string, string>();
  const waiting = new Map<string, (line: string) => void>();
  client.onmessage = (m) => {
    const key = JSON.stringify((m as { id?: unknown }).id);
    const line = JSON.stringify(m);
    answers.set(key, line);
    waiting.get(key)?.(line);
  };
  await server.connect(end);
  await client.start();
  const out: (string | undefined)[] = [];
  for (const r of requests) {
    if (!("id" in r)) {
      await client.send(r as never);
      out.push(undefined);
      continue;
    }
    const key = JSON.stringify(r.id);
    const answered = new Promise<string>((resolve) => waiting.set(key, resolve));
    await client.send(r as never);
    out.push(answers.get(key) ?? (await answered));
  }
  await server.close();
  return out;
}

const init = (params: unknown, id: string | number = 1): Msg => ({ jsonrpc: "2.0", id, method: "initialize", params });
const params = (over: Msg = {}) => ({
  protocolVersion: "2025-11-25",
  capabilities: {},
  clientInfo: { name: "c", version: "1" },
  ...over,
});

/** The front's lines for an opening, session included; undefined where it declines. */
function frontLines(toolset: Toolset, messages: Msg[]): (string | undefined)[] {
  let session: FrontSession | undefined;
  return messages.map((m) => {
    const r = frontReply(FRONT_DATA, toolset, session, m);
    if (r?.session) session = r.session;
    return r?.line.slice(0, -1);
  });
}

const ACCEPTED: [string, Msg][] = [
  ["empty capabilities, id 0", init(params(), 0)],
  ["string id", init(params(), "abc")],
  ["negative id", init(params(), -5)],
  ["elicitation {}", init(params({ capabilities: { elicitation: {} } }))],
  [
    "elicitation form + url",
    init(params({ capabilities: { elicitation: { form: { applyDefaults: true }, url: {} } } })),
  ],
  [
    "roots, sampling",
    init(params({ capabilities: { roots: { listChanged: true }, sampling: { context: {}, tools: {} } } })),
  ],
  [
    "tasks, experimental, extensions, an unknown capability",
    init(
      params({
        capabilities: {
          tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } },
          experimental: { x: { y: 1 } },
          extensions: { "io.example/ext": {} },
          somethingNew: 5,
        },
      }),
    ),
  ],
  [
    "full clientInfo with an icon and an extra key",
    init(
      params({
        clientInfo: {
          name: "c",
          version: "1",
          title: "C",
          websiteUrl: "https://example.com",
          description: "d",
          icons: [{ src: "https://example.com/i.png", mimeType: "image/png", sizes: ["16x16"], theme: "dark" }],
          extra: true,
        },
      }),
    ),
  ],
  ["an extra params key", init({ ...params(), extra: [1] })],
  ...SUPPORTED_PROTOCOL_VERSIONS.map((v): [string, Msg] => [
    `protocolVersion ${v}`,
    init(params({ protocolVersion: v })),
  ]),
  ["unknown protocolVersion", init(params({ protocolVersion: "garbage" }))],
  ["2026 protocolVersion without an envelope", init(params({ protocolVersion: "2026-07-28" }))],
];

const FOLLOW: Msg[] = [
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
  { jsonrpc: "2.0", id: 3, method: "tools/list", params: {} },
  { jsonrpc: "2.0", id: 4, method: "ping" },
];

describe("what the front answers, the SDK answers with the same line", () => {
  test.each(["core", "full"] as const)("--tools %s", async (toolset) => {
    for (const [name, opening] of ACCEPTED) {
      const messages = [opening, ...FOLLOW];
      const front = frontLines(toolset, messages);
      expect(
        front.filter((l) => l !== undefined),
        name,
      ).toHaveLength(4);
      expect(front, name).toEqual(await sdkLines(toolset, messages));
    }
  });
});

describe("what the front leaves to the SDK", () => {
  // Params the SDK's schemas refuse: it answers an error, so the front must not answer at all.
  const REFUSED: [string, Msg][] = [
    ["roots.listChanged not a boolean", init(params({ capabilities: { roots: { listChanged: "yes" } } }))],
    [
      "elicitation.form.applyDefaults not a boolean",
      init(params({ capabilities: { elicitation: { form: { applyDefaults: 1 } } } })),
    ],
    ["experimental value not an object", init(params({ capabilities: { experimental: { x: 1 } } }))],
    ["clientInfo without version", init(params({ clientInfo: { name: "c" } }))],
    ["clientInfo.title null", init(params({ clientInfo: { name: "c", version: "1", title: null } }))],
    ["icon theme", init(params({ clientInfo: { name: "c", version: "1", icons: [{ src: "x", theme: "blue" }] } }))],
    ["protocolVersion a number", init(params({ protocolVersion: 20250618 }))],
    ["capabilities missing", init({ protocolVersion: "2025-11-25", clientInfo: { name: "c", version: "1" } })],
  ];
  test.each(REFUSED)("%s → the SDK answers an error; the front answers nothing", async (_name, opening) => {
    expect(frontReply(FRONT_DATA, "core", undefined, opening)).toBeUndefined();
    const [line] = await sdkLines("core", [opening]);
    expect(JSON.parse(line as string)).toHaveProperty("error");
  });

  test("messages outside what it serves, or shapes it does not vouch for, are declined", () => {
    const session = FRONT_DATA.toolsets.core.other;
    const declined: [FrontSession | undefined, unknown][] = [
      [undefined, { jsonrpc: "2.0", id: 1, method: "ping" }],
      [undefined, { jsonrpc: "2.0", id: 1, method: "tools/list" }],
      [undefined, init({ ...params(), _meta: { progressToken: 1 } })],
      [undefined, { ...init(params()), extra: 1 }],
      [undefined, init(params(), 1.5)],
      [undefined, { ...init(params()), jsonrpc: "1.0" }],
      [undefined, { jsonrpc: "2.0", method: "initialize", params: params() }],
      [session, init(params(), 9)],
      [session, { jsonrpc: "2.0", id: 2, method: "tools/list", params: { cursor: "x" } }],
      [session, { jsonrpc: "2.0", id: 2, method: "tools/list", params: { _meta: { progressToken: 1 } } }],
      [session, { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "axiom_status" } }],
      [session, { jsonrpc: "2.0", id: 2, result: {} }],
      [session, [{ jsonrpc: "2.0", id: 2, method: "ping" }]],
      [session, "ping"],
    ];
    for (const [s, m] of declined) expect(frontReply(FRONT_DATA, "core", s, m), JSON.stringify(m)).toBeUndefined();
    expect(isInitializedNotification({ jsonrpc: "2.0", method: "notifications/initialized" })).toBe(true);
    expect(isInitializedNotification({ jsonrpc: "2.0", id: 1, method: "notifications/initialized" })).toBe(false);
  });

  test("a requested version that is an Object.prototype key gets the unsupported-version answer", () => {
    const r = frontReply(FRONT_DATA, "core", undefined, init(params({ protocolVersion: "constructor" })));
    expect(r?.session).toBe(FRONT_DATA.toolsets.core.other);
  });
});
