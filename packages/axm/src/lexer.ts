// The scanner of axm.md §2–§3. The parser pulls one token at a time and says whether a JSON block
// may start there (§2.5); the scanner throws StageOneError at the first character it cannot read.
import { type Span, StageOneError } from "./diagnostics";
import type { Token } from "./tokens";

const WHITESPACE = /\s/;
const IDENT_STICKY = /[A-Za-z0-9_][A-Za-z0-9_-]*/y;
const DIGEST_STICKY = /"sha256:[a-f0-9]{64}"/y;
const OPENER_STICKY = /<<([A-Za-z_][A-Za-z0-9_-]*)[ \t]*\n/y;
const HEREDOC_OPENER_MAX = 256;
const PUNCT = "{}[],.";
const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};
/** Work budget for measuring a run of bad characters, so a hostile line cannot make it quadratic. */
const BAD_RUN_BUDGET = 1_000_000;

type ScannedString = { ok: true; value: string; end: number } | { ok: false; end: number };

function isIdentStart(c: string): boolean {
  return /[A-Za-z0-9_]/.test(c);
}

export class Scanner {
  private pos = 0;
  /** End offset of the last token produced: where a zero-width end-of-input error sits. */
  lastEnd = 0;

  constructor(private readonly src: string) {}

  next(jsonAllowed: boolean): Token {
    this.skipTrivia();
    const token = this.read(jsonAllowed);
    if (token.kind !== "eof") this.lastEnd = token.end;
    return token;
  }

  private read(jsonAllowed: boolean): Token {
    const { src } = this;
    const start = this.pos;
    if (start >= src.length) return { kind: "eof", start: this.lastEnd, end: this.lastEnd };
    const c = src[start] as string;
    if (jsonAllowed && (c === "{" || c === "[")) return this.readJson(start);
    if (PUNCT.includes(c)) {
      this.pos = start + 1;
      return { kind: "punct", text: c as "{", start, end: start + 1 };
    }
    if (isIdentStart(c)) {
      IDENT_STICKY.lastIndex = start;
      IDENT_STICKY.test(src);
      this.pos = IDENT_STICKY.lastIndex;
      return { kind: "ident", text: src.slice(start, this.pos), start, end: this.pos };
    }
    if (c === '"') {
      const scanned = this.scanString(start);
      if (scanned.ok) return this.stringToken(start, scanned);
    } else if (c === "<") {
      const token = this.readHereDoc(start);
      if (token) return token;
    }
    const what =
      c === '"'
        ? "unterminated or malformed string"
        : c === "<"
          ? "invalid heredoc opener"
          : `unexpected character ${JSON.stringify(c)}`;
    throw new StageOneError(this.badRun(start), what);
  }

  private stringToken(start: number, value: { value: string; end: number }): Token {
    DIGEST_STICKY.lastIndex = start;
    const digest = DIGEST_STICKY.test(this.src) && DIGEST_STICKY.lastIndex === value.end;
    this.pos = value.end;
    return { kind: "string", value: value.value, digest, start, end: value.end };
  }

  /** Whitespace and comments; an unterminated block comment is an error at its `/*`. */
  private skipTrivia(): void {
    const { src } = this;
    while (this.pos < src.length) {
      const c = src[this.pos] as string;
      if (WHITESPACE.test(c)) {
        this.pos++;
      } else if (c === "/" && src[this.pos + 1] === "/") {
        const lf = src.indexOf("\n", this.pos);
        this.pos = lf === -1 ? src.length : lf;
      } else if (c === "/" && src[this.pos + 1] === "*") {
        const close = src.indexOf("*/", this.pos + 2);
        if (close === -1) {
          throw new StageOneError({ start: this.pos, end: this.pos + 2 }, "unterminated block comment");
        }
        this.pos = close + 2;
      } else {
        return;
      }
    }
  }

  /** A JSON string at `start` (a `"`): its decoded value and end, or where it went wrong. */
  private scanString(start: number, decode = true): ScannedString {
    const { src } = this;
    let out = "";
    let i = start + 1;
    while (i < src.length) {
      const c = src[i] as string;
      if (c === '"') return { ok: true, value: out, end: i + 1 };
      if (c.charCodeAt(0) < 0x20) return { ok: false, end: i };
      if (c !== "\\") {
        const plainEnd = nextSpecial(src, i);
        if (decode) out += src.slice(i, plainEnd);
        i = plainEnd;
        continue;
      }
      const e = src[i + 1];
      if (e === undefined) return { ok: false, end: i };
      if (e === "u") {
        const hex = src.slice(i + 2, i + 6);
        if (!/^[0-9A-Fa-f]{4}$/.test(hex)) return { ok: false, end: i };
        if (decode) out += String.fromCharCode(Number.parseInt(hex, 16));
        i += 6;
      } else {
        const simple = SIMPLE_ESCAPES[e];
        if (simple === undefined) return { ok: false, end: i };
        if (decode) out += simple;
        i += 2;
      }
    }
    return { ok: false, end: i };
  }

  /** `<<TERM` + LF opener and its body (axm.md §3); undefined when `start` is not a valid opener. */
  private readHereDoc(start: number): Token | undefined {
    const { src } = this;
    OPENER_STICKY.lastIndex = start;
    const m = OPENER_STICKY.exec(src);
    if (!m || OPENER_STICKY.lastIndex - start > HEREDOC_OPENER_MAX) return undefined;
    const term = m[1] as string;
    const bodyStart = OPENER_STICKY.lastIndex;
    let lineStart = bodyStart;
    for (;;) {
      const lf = src.indexOf("\n", lineStart);
      const lineEnd = lf === -1 ? src.length : lf;
      if (isTerminatorLine(src, lineStart, lineEnd, term)) {
        const raw = lineStart === bodyStart ? "" : src.slice(bodyStart, lineStart - 1);
        this.pos = lineEnd;
        return { kind: "heredoc", content: raw.replace(/\r\n/g, "\n"), start, end: lineEnd };
      }
      if (lf === -1) break;
      lineStart = lf + 1;
    }
    throw new StageOneError({ start, end: start + 2 }, `unterminated heredoc (no line "${term}")`);
  }

  /** A balanced `{…}` / `[…]` block; types need not match; `\` skips a character inside strings. */
  private readJson(start: number): Token {
    const { src } = this;
    let depth = 0;
    let i = start;
    while (i < src.length) {
      const c = src[i];
      if (c === '"') {
        i++;
        while (i < src.length && src[i] !== '"') i += src[i] === "\\" ? 2 : 1;
      } else if (c === "{" || c === "[") {
        depth++;
      } else if (c === "}" || c === "]") {
        depth--;
        if (depth === 0) {
          this.pos = i + 1;
          return { kind: "json", text: src.slice(start, i + 1), start, end: i + 1 };
        }
      }
      i++;
    }
    throw new StageOneError({ start, end: start + 1 }, "unterminated JSON block");
  }

  /** The maximal run of characters at which nothing can start (axm.md §2.4), at least one. */
  private badRun(start: number): Span {
    let end = start + 1;
    let budget = BAD_RUN_BUDGET;
    while (end < this.src.length && budget > 0) {
      const c = this.src[end] as string;
      if (WHITESPACE.test(c) || isIdentStart(c) || PUNCT.includes(c)) break;
      if (c === "/" && (this.src[end + 1] === "/" || this.src[end + 1] === "*")) break;
      if (c === '"') {
        const s = this.scanString(end, false);
        budget -= s.end - end;
        if (s.ok) break;
      }
      if (c === "<" && this.isHereDocStart(end)) break;
      end++;
      budget--;
    }
    return { start, end };
  }

  private isHereDocStart(at: number): boolean {
    OPENER_STICKY.lastIndex = at;
    if (!OPENER_STICKY.test(this.src) || OPENER_STICKY.lastIndex - at > HEREDOC_OPENER_MAX) return false;
    return true;
  }
}

/** First index ≥ i holding `"`, `\` or a control character (or the end). */
function nextSpecial(src: string, i: number): number {
  let j = i;
  while (j < src.length) {
    const code = src.charCodeAt(j);
    if (code === 0x22 || code === 0x5c || code < 0x20) return j;
    j++;
  }
  return j;
}

/** Exactly TERM, no indentation, no trailing text; one trailing CR tolerated (axm.md §3). */
function isTerminatorLine(src: string, lineStart: number, lineEnd: number, term: string): boolean {
  const len = lineEnd - lineStart;
  if (len !== term.length && !(len === term.length + 1 && src[lineEnd - 1] === "\r")) return false;
  return src.startsWith(term, lineStart);
}
