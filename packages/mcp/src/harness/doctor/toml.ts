// A small TOML reader for the Codex files init writes and doctor reads (`.codex/config.toml`,
// `~/.codex/config.toml`). It knows the structure (tables, array tables, dotted and quoted keys,
// inline tables, multi-line strings and arrays) and the values doctor needs (strings, booleans,
// arrays of strings); any other value is kept as "present, not read". Text it cannot follow is an
// error, never a guess: init then leaves the file alone and doctor reports it as not readable.

export type TomlValue = string | boolean | string[] | { other: true };

export interface TomlEntry {
  /** Full key path: table path + dotted key (inline tables flattened). */
  path: string[];
  value: TomlValue;
  /** The key path of the statement that set it (table + dotted key, before inline flattening). */
  stmt: string[];
}

export interface TomlHeader {
  path: string[];
  array: boolean;
  /** Character offsets of the header line's start and of the next header (or the end). */
  start: number;
  end: number;
}

export type TomlScan = { ok: true; entries: TomlEntry[]; headers: TomlHeader[] } | { ok: false; why: string };

class Fail extends Error {}

const ESCAPES: Record<string, string> = {
  b: "\b",
  t: "\t",
  n: "\n",
  f: "\f",
  r: "\r",
  e: "\u001b",
  '"': '"',
  "\\": "\\",
};

export function scanToml(text: string): TomlScan {
  const s = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  let i = 0;
  const fail = (why: string): never => {
    throw new Fail(`${why} at line ${s.slice(0, i).split("\n").length}`);
  };
  const ws = () => {
    while (i < s.length && (s[i] === " " || s[i] === "\t")) i++;
  };
  const comment = () => {
    if (s[i] === "#") while (i < s.length && s[i] !== "\n") i++;
  };
  const lineEnd = () => {
    ws();
    comment();
    if (i < s.length && s[i] !== "\n" && !(s[i] === "\r" && s[i + 1] === "\n")) fail("unexpected text");
  };
  const basic = (): string => {
    let out = "";
    i++;
    while (i < s.length && s[i] !== '"') {
      const c = s[i] as string;
      if (c === "\n") fail("unterminated string");
      if (c === "\\") {
        const e = s[i + 1] ?? "";
        if (ESCAPES[e] !== undefined) {
          out += ESCAPES[e];
          i += 2;
        } else if (e === "u" || e === "U" || e === "x") {
          const n = e === "u" ? 4 : e === "U" ? 8 : 2;
          const hex = s.slice(i + 2, i + 2 + n);
          if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== n) fail("bad escape");
          out += String.fromCodePoint(Number.parseInt(hex, 16));
          i += 2 + n;
        } else fail("bad escape");
      } else {
        out += c;
        i++;
      }
    }
    if (i >= s.length) fail("unterminated string");
    i++;
    return out;
  };
  const literal = (): string => {
    const end = s.indexOf("'", i + 1);
    const nl = s.indexOf("\n", i + 1);
    if (end === -1 || (nl !== -1 && nl < end)) fail("unterminated string");
    const out = s.slice(i + 1, end);
    i = end + 1;
    return out;
  };
  const multi = (q: string): string => {
    const end = s.indexOf(q, i + 3);
    if (end === -1) fail("unterminated multi-line string");
    let close = end + 3;
    while (s[close] === q[0] && close - end < 5) close++; // up to two quotes may end the content
    const out = s.slice(i + 3, close - 3);
    i = close;
    return out;
  };
  const keyPart = (): string => {
    if (s[i] === '"') return basic();
    if (s[i] === "'") return literal();
    const m = /^[A-Za-z0-9_-]+/.exec(s.slice(i, i + 256));
    if (!m) fail("bad key");
    i += (m as RegExpExecArray)[0].length;
    return (m as RegExpExecArray)[0];
  };
  const key = (): string[] => {
    const parts: string[] = [];
    for (;;) {
      ws();
      parts.push(keyPart());
      ws();
      if (s[i] !== ".") return parts;
      i++;
    }
  };
  // Skips blanks, newlines and comments inside arrays.
  const gap = () => {
    for (;;) {
      while (i < s.length && /\s/.test(s[i] as string)) i++;
      if (s[i] !== "#") return;
      comment();
    }
  };
  const value = (at: string[], out: TomlEntry[], stmt: string[] = at): void => {
    ws();
    const c = s[i];
    if (s.startsWith('"""', i) || s.startsWith("'''", i)) {
      out.push({ path: at, value: multi(s.slice(i, i + 3)), stmt });
    } else if (c === '"') out.push({ path: at, value: basic(), stmt });
    else if (c === "'") out.push({ path: at, value: literal(), stmt });
    else if (c === "[") {
      i++;
      const items: TomlEntry[] = [];
      let strings = true;
      for (;;) {
        gap();
        if (s[i] === "]") break;
        const before = items.length;
        value(at, items);
        if (items.length !== before + 1 || typeof items[before]?.value !== "string") strings = false;
        gap();
        if (s[i] === ",") i++;
        else if (s[i] !== "]") fail("bad array");
      }
      i++;
      out.push({ path: at, value: strings ? items.map((e) => e.value as string) : { other: true }, stmt });
    } else if (c === "{") {
      i++;
      ws();
      if (s[i] === "}") i++;
      else
        for (;;) {
          const k = key();
          if (s[i] !== "=") fail("expected =");
          i++;
          value([...at, ...k], out, stmt);
          ws();
          if (s[i] === ",") i++;
          else if (s[i] === "}") {
            i++;
            break;
          } else fail("bad inline table");
        }
    } else {
      const m = /^[^\s,\]}#]+/.exec(s.slice(i, i + 256));
      if (!m) fail("missing value");
      const word = (m as RegExpExecArray)[0];
      i += word.length;
      out.push({ path: at, value: word === "true" ? true : word === "false" ? false : { other: true }, stmt });
    }
  };
  try {
    const entries: TomlEntry[] = [];
    const headers: TomlHeader[] = [];
    let table: string[] = [];
    for (;;) {
      gap();
      if (i >= s.length) break;
      if (s[i] === "[") {
        const start = s.lastIndexOf("\n", i) + 1;
        const array = s[i + 1] === "[";
        i += array ? 2 : 1;
        table = key();
        if (s[i] !== "]" || (array && s[i + 1] !== "]")) fail("bad table header");
        i += array ? 2 : 1;
        lineEnd();
        const last = headers[headers.length - 1];
        if (last) last.end = start;
        headers.push({ path: table, array, start, end: s.length });
      } else {
        const k = key();
        if (s[i] !== "=") fail("expected =");
        i++;
        value([...table, ...k], entries);
        lineEnd();
      }
    }
    return { ok: true, entries, headers };
  } catch (err) {
    if (err instanceof Fail) return { ok: false, why: `not TOML this reader follows (${err.message})` };
    throw err;
  }
}

const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((p, k) => p === b[k]);
export const startsWith = (a: string[], prefix: string[]) => prefix.every((p, k) => a[k] === p);

/** The value at a full key path, if one entry sets it. */
export function tomlGet(scan: { entries: TomlEntry[] }, path: string[]): TomlValue | undefined {
  return scan.entries.find((e) => samePath(e.path, path))?.value;
}

/** A TOML basic string (JSON's escapes are all valid TOML escapes). */
export const tomlString = (v: string): string => JSON.stringify(v);
