// The journal hash chain's line format and verify walk (apply.md §12.1, §12.3). Pure.
import * as crypto from "node:crypto";
import { sha256Hex } from "@codai/axiom-canon";
import { isErrorCode } from "@codai/axiom-schema";
import { scanChainLine } from "./chain-scan";

export const GENESIS = `sha256:${"0".repeat(64)}`;
export const CHAIN_STATES = ["committed", "rolled-back", "failed"] as const;
export type ChainState = (typeof CHAIN_STATES)[number];
export type ChainBadReason = "parse" | "seq-gap" | "prev-mismatch";

/** One chain line; keys in this order when written: seq, manifestDigest, state, at, prev, files, code?. */
export interface ChainEntry {
  seq: number;
  manifestDigest: string;
  state: ChainState;
  at: string;
  prev: string;
  files: number;
  code?: string;
}

export interface ChainWalk {
  /** The good entries, in file order (seq 1..n). */
  entries: ChainEntry[];
  /** `sha256:` + hex of the last good line's bytes, or GENESIS. */
  head: string;
  firstBad?: { seq: number; reason: ChainBadReason };
}

const DIGEST_RE = /^sha256:[a-f0-9]{64}$/;
const KEYS = new Set(["seq", "manifestDigest", "state", "at", "prev", "files", "code"]);

/** The exact line (without `\n`) for an entry: plain JSON.stringify, keys in §12.1 order. */
export function formatChainLine(entry: ChainEntry): string {
  const ordered: Record<string, unknown> = {
    seq: entry.seq,
    manifestDigest: entry.manifestDigest,
    state: entry.state,
    at: entry.at,
    prev: entry.prev,
    files: entry.files,
  };
  if (entry.code !== undefined) ordered.code = entry.code;
  return JSON.stringify(ordered);
}

/**
 * One-shot `crypto.hash` (Node ≥ 20.12) where present: a verify walk hashes every line, and a Hash
 * object per line (createHash, canon's sha256Hex) costs about 1.5–3× as much (bench/chain.mjs).
 */
const oneShot = (crypto as { hash?: (alg: string, data: Uint8Array, enc: "hex") => string }).hash;
const lineHex: (line: Uint8Array) => string = oneShot ? (line) => oneShot("sha256", line, "hex") : sha256Hex;

export function lineDigest(line: Uint8Array): string {
  return `sha256:${lineHex(line)}`;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The §12.3 `parse` check: a JSON object with only the 7 keys and well-typed values. */
export function parseChainLine(bytes: Uint8Array): ChainEntry | undefined {
  let v: unknown;
  try {
    v = JSON.parse(utf8.decode(bytes));
  } catch {
    return undefined;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  for (const k in o) if (!KEYS.has(k)) return undefined;
  if (typeof o.seq !== "number" || !Number.isSafeInteger(o.seq) || o.seq < 1) return undefined;
  if (typeof o.manifestDigest !== "string" || !DIGEST_RE.test(o.manifestDigest)) return undefined;
  if (typeof o.prev !== "string" || !DIGEST_RE.test(o.prev)) return undefined;
  if (typeof o.state !== "string" || !(CHAIN_STATES as readonly string[]).includes(o.state)) return undefined;
  if (typeof o.at !== "string" || Number.isNaN(Date.parse(o.at))) return undefined;
  if (typeof o.files !== "number" || !Number.isSafeInteger(o.files) || o.files < 0) return undefined;
  if ("code" in o && !isErrorCode(o.code)) return undefined;
  const entry: ChainEntry = {
    seq: o.seq,
    manifestDigest: o.manifestDigest,
    state: o.state as ChainState,
    at: o.at,
    prev: o.prev,
    files: o.files,
  };
  if (typeof o.code === "string") entry.code = o.code;
  return entry;
}

/**
 * Bytes of chain text decoded at a time: V8 strings stop near 512 MiB (chains need not), and a
 * kept entry's strings are slices that hold their whole window.
 */
const WINDOW = 1 << 20;

export interface ChainTally {
  /** Count of good entries. */
  count: number;
  head: string;
  firstBad?: { seq: number; reason: ChainBadReason };
}

/**
 * The §12.3 walk over the chain bytes without keeping entries: `visit` sees each good entry in
 * order. Split on `\n` (a final segment without `\n` is torn → parse); per line parse → seq-gap →
 * prev-mismatch; the first failure stops the walk. A line in `formatChainLine`'s exact shape with
 * the expected seq and prev is read by the scanner (chain-scan.ts); every other line by the full
 * parse and checks, which alone decide every failure.
 *
 * A prev-mismatch on line n says line n-1's bytes are not the ones line n recorded: line n-1 is
 * the entry that cannot be vouched for (an edit of line 3 shows first on line 4, issue 21). So
 * firstBad names n-1 (line 1 itself when n is 1), line n-1 is not a good entry, and `visit` sees
 * an entry only once the next line confirms it or the file ends.
 */
export function tallyChain(data: Uint8Array, visit?: (entry: ChainEntry) => void): ChainTally {
  // A Buffer view (no copy) for latin1 decoding, which keeps byte offsets as string indices.
  const buf = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let count = 0;
  let head = GENESIS;
  // The last entry read, not yet confirmed by a next line, and the head before it.
  let pending: ChainEntry | undefined;
  let headBefore = GENESIS;
  const flush = () => {
    if (pending) visit?.(pending);
    pending = undefined;
  };
  let start = 0;
  // `text` decodes buf[textAt, textAt + text.length), whole lines with their `\n`: one native call
  // per window, and the entries' strings are slices of it instead of copies.
  let text = "";
  let textAt = 0;
  while (start < buf.length) {
    const nl = buf.indexOf(0x0a, start);
    const seq = count + 1;
    if (nl < 0) {
      flush();
      return { count, head, firstBad: { seq, reason: "parse" } };
    }
    if (nl >= textAt + text.length) {
      const last = buf.lastIndexOf(0x0a, Math.min(buf.length, start + WINDOW) - 1);
      text = buf.toString("latin1", start, Math.max(last, nl) + 1);
      textAt = start;
    }
    let entry = scanChainLine(text, start - textAt, nl - textAt, seq, head);
    const line = buf.subarray(start, nl);
    if (!entry) {
      entry = parseChainLine(line);
      if (!entry || entry.seq !== seq) {
        flush();
        return { count, head, firstBad: { seq, reason: entry ? "seq-gap" : "parse" } };
      }
      if (entry.prev !== head) {
        if (seq === 1) return { count: 0, head: GENESIS, firstBad: { seq: 1, reason: "prev-mismatch" } };
        return { count: count - 1, head: headBefore, firstBad: { seq: seq - 1, reason: "prev-mismatch" } };
      }
    }
    flush();
    pending = entry;
    headBefore = head;
    head = lineDigest(line);
    count = seq;
    start = nl + 1;
  }
  flush();
  return { count, head };
}

/** The §12.3 walk keeping every good entry (seq 1..n). */
export function walkChain(data: Uint8Array): ChainWalk {
  const entries: ChainEntry[] = [];
  const { head, firstBad } = tallyChain(data, (e) => entries.push(e));
  return firstBad ? { entries, head, firstBad } : { entries, head };
}
