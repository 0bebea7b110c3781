// The records of `.axiom/` keyed by a manifest digest (manifests/, journal/, applied/, reports/)
// are named `<64 lowercase hex>.json`: the one rule for reading those names back, for retention,
// gc, the journal listing and ref resolution alike (decisions ARCH-R10).
import { readdirIfExists } from "./io";

/** A whole `<64 hex>.json` file name; group 1 is the hex. */
export const HEX_JSON_NAME = /^([0-9a-f]{64})\.json$/;

/**
 * The hex of every `<64 hex>.json` entry of `dir`, sorted. An absent directory has none; any other
 * error is thrown (an unreadable directory is not an empty one: fail closed).
 */
export async function hexJsonNames(dir: string): Promise<string[]> {
  return (await readdirIfExists(dir)).flatMap((n) => HEX_JSON_NAME.exec(n)?.[1] ?? []).sort();
}
