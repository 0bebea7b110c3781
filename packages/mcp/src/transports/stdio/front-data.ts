// The answers the stdio front (stdio-front.ts) sends before the MCP SDK is loaded: the SDK server's own
// answers, recorded by running it (stdio-front-probe.ts). From source this module runs the probe;
// scripts/build.mjs serves it as the probe's JSON instead, so the built front chunk imports no SDK
// module (decisions SHIP-9).

import type { Toolset } from "../../server/tools/types";
import { probeFrontData } from "./front-probe";

/** One response line cut at the request id: `head + JSON.stringify(id) + tail` is the SDK's line, "\n" excluded. */
export type FrontAnswer = readonly [head: string, tail: string];

/** What one 2025-era session opened by a given `initialize` gets: indexes into `FrontData.answers`. */
export interface FrontSession {
  initialize: number;
  toolsList: number;
  ping: number;
}

export interface FrontToolset {
  /** By requested protocolVersion: every version the SDK's `initialize` accepts. */
  versions: Record<string, FrontSession>;
  /** Any other requested version (the SDK answers all of them alike: its first 2025-era version). */
  other: FrontSession;
}

export interface FrontData {
  /** Distinct response lines (the two toolsets share their initialize and ping answers). */
  answers: FrontAnswer[];
  toolsets: Record<Toolset, FrontToolset>;
}

export const FRONT_DATA: FrontData = await probeFrontData();
