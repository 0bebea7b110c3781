// Fast path of the chain walk (apply.md §12.3): a good line in exactly the shape `formatChainLine`
// writes is read with one native regular-expression test and a few fixed offsets instead of UTF-8
// decode + JSON.parse + the schema checks, which were most of a 100k-entry verify (issue 12).
//
// The scanner only ever accepts. Whatever it does not recognise character for character (another
// key order, whitespace, an escape, an extra or duplicate key, a digest of the wrong length, a
// 16-digit number, a `\r`, trailing bytes…), and any line whose seq or prev is not the expected
// one, returns undefined and the caller runs the full parse and checks, so every failure and every
// line formatted any other way is judged by the same code as before. Acceptance implies the full
// path accepts with an equal entry: the accepted text is JSON with the 7 keys once each, in §12.1
// order, every value inside its §12.3 domain, seq = the expected seq, prev = the running head.
import { isErrorCode } from "@codai/axiom-schema";
import type { ChainEntry, ChainState } from "./chain-walk";

/**
 * One line and its `\n`, matched sticky at the line's start in a decoded window of the file, so a
 * match ends exactly at that line's `\n` (no value can contain one); `\d` is ASCII only. Integers
 * as JSON.stringify writes them (no sign, no leading zero) of at most 15 digits, so always safe
 * integers (longer ones take the full parse); an ERR_* code has no character needing an escape.
 */
const LINE =
  /\{"seq":[1-9]\d{0,14},"manifestDigest":"sha256:[0-9a-f]{64}","state":"(?:committed|rolled-back|failed)","at":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z","prev":"sha256:[0-9a-f]{64}","files":(?:0|[1-9]\d{0,14})(?:,"code":"[A-Z0-9_]+")?\}\n/y;

/** Offsets of the fixed text around the values (lengths of `{"seq":`, `,"manifestDigest":"`, …). */
const SEQ_AT = 7;
const DIGEST_GAP = 19;
const DIGEST_LEN = 71;
const STATE_GAP = 11;
const AT_GAP = 8;
const AT_LEN = 24;
const PREV_GAP = 10;
const FILES_GAP = 10;
const CODE_GAP = 9;

function digit(line: string, i: number): number {
  return line.charCodeAt(i) - 0x30;
}

function two(line: string, i: number): number {
  return digit(line, i) * 10 + digit(line, i + 1);
}

/** The integer whose digits start at `i` (the regex already bounded it to ≤ 15 digits); end in `out`. */
function integerAt(line: string, i: number, out: { end: number }): number {
  let v = 0;
  let j = i;
  for (let d = digit(line, j); d >= 0 && d <= 9; d = digit(line, ++j)) v = v * 10 + d;
  out.end = j;
  return v;
}

/**
 * `YYYY-MM-DDTHH:mm:ss.sssZ` (shape checked by the regex): fields in a range every `Date` accepts
 * are valid outright; anything else (a day 29–31, hour 24, month 13…) is left to `Date.parse`, the
 * §12.3 rule itself.
 */
function validTime(line: string, i: number): boolean {
  const month = two(line, i + 5);
  const day = two(line, i + 8);
  if (month >= 1 && month <= 12 && day >= 1 && day <= 28 && two(line, i + 11) <= 23) {
    if (two(line, i + 14) <= 59 && two(line, i + 17) <= 59) return true;
  }
  return !Number.isNaN(Date.parse(line.slice(i, i + AT_LEN)));
}

function stateAt(line: string, i: number): ChainState {
  const c = line.charCodeAt(i);
  return c === 0x63 /* c */ ? "committed" : c === 0x72 /* r */ ? "rolled-back" : "failed";
}

const end = { end: 0 };

/**
 * The entry of the line `text[from, to)` (`text` is chain bytes decoded as latin1, so indices are
 * byte offsets; `text[to]` is the line's `\n`) when it is written exactly as `formatChainLine`
 * writes it, its seq is `seq` and its prev is `head`; else undefined (→ the full parse). The entry's
 * `prev` is `head` itself, its other strings are slices of `text`.
 */
export function scanChainLine(
  text: string,
  from: number,
  to: number,
  seq: number,
  head: string,
): ChainEntry | undefined {
  LINE.lastIndex = from;
  if (!LINE.test(text) || LINE.lastIndex !== to + 1) return undefined;
  if (integerAt(text, from + SEQ_AT, end) !== seq) return undefined;
  const digestAt = end.end + DIGEST_GAP;
  const stAt = digestAt + DIGEST_LEN + STATE_GAP;
  const state = stateAt(text, stAt);
  const atAt = stAt + state.length + AT_GAP;
  const prevAt = atAt + AT_LEN + PREV_GAP;
  if (!text.startsWith(head, prevAt) || !validTime(text, atAt)) return undefined;
  const entry: ChainEntry = {
    seq,
    manifestDigest: text.slice(digestAt, digestAt + DIGEST_LEN),
    state,
    at: text.slice(atAt, atAt + AT_LEN),
    prev: head,
    files: integerAt(text, prevAt + DIGEST_LEN + FILES_GAP, end),
  };
  if (end.end === to - 1) return entry;
  // `,"code":"…"}`: the regex leaves only this form after files.
  const code = text.slice(end.end + CODE_GAP, to - 2);
  if (!isErrorCode(code)) return undefined;
  entry.code = code;
  return entry;
}
