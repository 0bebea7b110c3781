// Records the SDK server's answers to the 2025-era opening (initialize, tools/list, ping) for every
// protocolVersion it accepts and for one it does not, per toolset: the data the stdio front serves
// before the SDK is loaded (stdio-front-data.ts, decisions SHIP-9). Runs the real server (the same
// factory as `axiom mcp`, over the SDK's in-memory transport), so the recorded lines are the SDK's
// bytes; scripts/build.mjs runs it once per build, from source it runs on first import.
import { InMemoryTransport, SUPPORTED_PROTOCOL_VERSIONS } from "../../server/adapter";
import { serverFactory } from "../../server/server";
import type { Toolset } from "../../server/tools/types";
import type { FrontAnswer, FrontData, FrontSession, FrontToolset } from "./front-data";

/** A request id no answer contains otherwise: the recorded line is cut at its JSON text. */
const PROBE_ID = "axiom-stdio-front-probe-id";
/** A protocolVersion no SDK supports: what every unsupported request is answered like. */
export const PROBE_UNSUPPORTED_VERSION = "1970-01-01";

type Message = Record<string, unknown>;

/** One 2025-era session: `initialize` with `version`, `notifications/initialized`, tools/list, ping. */
async function probeSession(toolset: Toolset, version: string): Promise<string[]> {
  const factory = serverFactory({ roots: new Set(), platform: process.platform }, { toolset });
  const server = await factory({ era: "legacy" });
  const [client, end] = InMemoryTransport.createLinkedPair();
  const pending: ((line: string) => void)[] = [];
  client.onmessage = (message) => pending.shift()?.(JSON.stringify(message));
  await server.connect(end);
  await client.start();
  const ask = (message: Message) =>
    new Promise<string>((resolve, reject) => {
      pending.push(resolve);
      client.send({ jsonrpc: "2.0", id: PROBE_ID, ...message } as never).catch(reject);
    });
  const init = await ask({
    method: "initialize",
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "axiom-front-probe", version: "0" } },
  });
  await client.send({ jsonrpc: "2.0", method: "notifications/initialized" });
  const list = await ask({ method: "tools/list" });
  const ping = await ask({ method: "ping" });
  await server.close();
  return [init, list, ping];
}

function cut(line: string): FrontAnswer {
  const id = JSON.stringify(PROBE_ID);
  const at = line.indexOf(id);
  if (at < 0 || line.indexOf(id, at + 1) >= 0 || !line.includes('"result"'))
    throw new Error(`stdio front probe: unexpected SDK answer ${line.slice(0, 200)}`);
  return [line.slice(0, at), line.slice(at + id.length)];
}

export async function probeFrontData(): Promise<FrontData> {
  const answers: FrontAnswer[] = [];
  const index = new Map<string, number>();
  const intern = (line: string): number => {
    let i = index.get(line);
    if (i === undefined) {
      i = answers.push(cut(line)) - 1;
      index.set(line, i);
    }
    return i;
  };
  const session = async (toolset: Toolset, version: string): Promise<FrontSession> => {
    const [initialize, toolsList, ping] = (await probeSession(toolset, version)).map(intern) as [
      number,
      number,
      number,
    ];
    return { initialize, toolsList, ping };
  };
  const toolsets = {} as Record<Toolset, FrontToolset>;
  for (const toolset of ["core", "full"] as const) {
    const versions: Record<string, FrontSession> = {};
    // The SDK answers a version of this list with itself (2025 era) and every other one alike (its
    // first 2025-era version): one probe per listed version plus one unsupported covers them all.
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) versions[version] = await session(toolset, version);
    toolsets[toolset] = { versions, other: await session(toolset, PROBE_UNSUPPORTED_VERSION) };
  }
  return { answers, toolsets };
}
