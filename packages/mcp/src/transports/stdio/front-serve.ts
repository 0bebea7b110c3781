// What the stdio front (stdio-front.ts) answers itself, decided per message (decisions SHIP-9). It
// answers only what the SDK server would answer with a fixed line: a 2025-era `initialize` whose
// params the SDK's schemas accept for certain (then the SDK answers from the requested version
// alone), and after it `tools/list` and `ping` without params. Anything else — a 2026-era message,
// a request with `_meta`, a cursor or an unusual capability, any other method — goes to the SDK,
// which is exactly as conservative as these checks need to be: a message the front wrongly declines
// costs time, one it wrongly answered would be a wrong answer.

import type { Toolset } from "../../server/tools/types";
import type { FrontData, FrontSession, FrontToolset } from "./front-data";

type Obj = Record<string, unknown>;
type Id = string | number;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const optional = (v: unknown, check: (v: unknown) => boolean) => v === undefined || check(v);
const isString = (v: unknown) => typeof v === "string";
const isBoolean = (v: unknown) => typeof v === "boolean";
const isObjOf = (check: (v: unknown) => boolean) => (v: unknown) => isObj(v) && Object.values(v).every(check);
/** An object whose listed keys, when present, pass their check (other keys are the schemas' business: they allow them). */
const shape = (fields: Record<string, (v: unknown) => boolean>) => (v: unknown) =>
  isObj(v) && Object.entries(fields).every(([k, check]) => optional(v[k], check));
const isEmpty = (v: unknown) => isObj(v) && Object.keys(v).length === 0;

// The SDK's ClientCapabilitiesSchema (core schemas), key by key: every JSON object passes its
// JSONObjectSchema, so an `isObj` stands for it.
const isClientCapabilities = shape({
  experimental: isObjOf(isObj),
  sampling: shape({ context: isObj, tools: isObj }),
  elicitation: shape({ form: shape({ applyDefaults: isBoolean }), url: isObj }),
  roots: shape({ listChanged: isBoolean }),
  tasks: shape({
    list: isObj,
    cancel: isObj,
    requests: shape({ sampling: shape({ createMessage: isObj }), elicitation: shape({ create: isObj }) }),
  }),
  extensions: isObjOf(isObj),
});

const isIcon = shape({
  src: isString,
  mimeType: isString,
  sizes: (v) => Array.isArray(v) && v.every(isString),
  theme: (v) => v === "light" || v === "dark",
});

// ImplementationSchema: name and version required.
const isImplementation = (v: unknown) =>
  shape({
    name: isString,
    title: isString,
    version: isString,
    websiteUrl: isString,
    description: isString,
    icons: (i) => Array.isArray(i) && i.every((x) => isObj(x) && isString(x.src) && isIcon(x)),
  })(v) &&
  isString((v as Obj).name) &&
  isString((v as Obj).version);

/** JSONRPCRequestSchema is strict: these four keys only; an id is a string or an integer. */
function requestOf(message: unknown): { id: Id; method: string; params: unknown } | undefined {
  if (!isObj(message) || message.jsonrpc !== "2.0" || typeof message.method !== "string") return undefined;
  for (const k of Object.keys(message))
    if (k !== "jsonrpc" && k !== "id" && k !== "method" && k !== "params") return undefined;
  const { id } = message;
  if (!(typeof id === "string" || (typeof id === "number" && Number.isSafeInteger(id)))) return undefined;
  return { id, method: message.method, params: message.params };
}

/**
 * The requested protocolVersion of a 2025-era `initialize` the SDK answers from that version alone,
 * or undefined. No `_meta` at all: with one, the 2026-era envelope rules decide (classifyOpeningMessage).
 */
function initializeVersion(params: unknown): string | undefined {
  if (!isObj(params) || "_meta" in params) return undefined;
  const { protocolVersion, capabilities, clientInfo } = params;
  if (typeof protocolVersion !== "string" || !isClientCapabilities(capabilities) || !isImplementation(clientInfo))
    return undefined;
  return protocolVersion;
}

export interface FrontReply {
  id: Id;
  /** The line to write, "\n" included. */
  line: string;
  /** The session the answer opened (an `initialize`). */
  session?: FrontSession;
  method: "initialize" | "tools/list" | "ping";
}

function lineOf(data: FrontData, index: number, id: Id): string {
  const [head, tail] = data.answers[index] as readonly [string, string];
  return `${head}${JSON.stringify(id)}${tail}\n`;
}

function sessionFor(set: FrontToolset, version: string): FrontSession {
  return Object.hasOwn(set.versions, version) ? (set.versions[version] as FrontSession) : set.other;
}

/** `notifications/initialized`: it needs no answer, so the front passes it on without giving up. */
export function isInitializedNotification(message: unknown): boolean {
  return isObj(message) && message.method === "notifications/initialized" && !("id" in message);
}

/**
 * The front's answer to one parsed message, or undefined when the SDK must answer it. Before the
 * opening (`session` undefined) only `initialize` is answered; after it, `tools/list` and `ping`.
 */
export function frontReply(
  data: FrontData,
  toolset: Toolset,
  session: FrontSession | undefined,
  message: unknown,
): FrontReply | undefined {
  const request = requestOf(message);
  if (!request) return undefined;
  if (session === undefined) {
    if (request.method !== "initialize") return undefined;
    const version = initializeVersion(request.params);
    if (version === undefined) return undefined;
    const opened = sessionFor(data.toolsets[toolset], version);
    return { id: request.id, line: lineOf(data, opened.initialize, request.id), session: opened, method: "initialize" };
  }
  if (!(request.params === undefined || isEmpty(request.params))) return undefined;
  if (request.method === "tools/list")
    return { id: request.id, line: lineOf(data, session.toolsList, request.id), method: "tools/list" };
  if (request.method === "ping")
    return { id: request.id, line: lineOf(data, session.ping, request.id), method: "ping" };
  return undefined;
}
