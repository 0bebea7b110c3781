// Bash brace expansion on pattern-form text (decisions SEC-3): `touch {a,.env}` names `.env`, so
// a word is expanded before it is judged. The same expansion reads the gate's own deny globs
// (protect.ts), so both sides of "could this glob name that path" see plain alternatives.
const MAX_EXPANSIONS = 256;
const MAX_DEPTH = 16;

/**
 * Bash brace expansion on a pattern-form string (escaped braces and commas are literal): `{a,b}`,
 * nested groups, `{1..3}`, `{a..c}`. Over MAX_EXPANSIONS results, each unexpanded group becomes `*`
 * (a wider pattern, so the judgement stays fail-closed).
 */
export function expandBraces(pattern: string): string[] {
  const out = expand(pattern, 0);
  if (out === undefined) return [pattern.replace(/(?<!\\)\{[^{}]*\}/g, "*")];
  return out;
}

interface Group {
  open: number;
  close: number;
  /** The commas at the group's own level. */
  commas: number[];
}

/** The first unescaped `{` with its matching `}`; undefined when there is none or it is unclosed. */
function firstGroup(s: string): Group | undefined {
  let open = 0;
  while (open < s.length && s[open] !== "{") open += s[open] === "\\" ? 2 : 1;
  if (open >= s.length) return undefined;
  let level = 0;
  const commas: number[] = [];
  for (let j = open; j < s.length; j++) {
    const c = s[j];
    if (c === "\\") {
      j++;
      continue;
    }
    if (c === "{") level++;
    else if (c === "}") {
      level--;
      if (level === 0) return { open, close: j, commas };
    } else if (c === "," && level === 1) commas.push(j);
  }
  return undefined;
}

/** The comma-separated alternatives of a group. */
function alternatives(s: string, g: Group): string[] {
  const alts: string[] = [];
  let from = g.open + 1;
  for (const c of [...g.commas, g.close]) {
    alts.push(s.slice(from, c));
    from = c + 1;
  }
  return alts;
}

function expand(s: string, depth: number): string[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const g = firstGroup(s);
  if (g === undefined) return [s];
  const pre = s.slice(0, g.open);
  const body = s.slice(g.open + 1, g.close);
  const post = s.slice(g.close + 1);
  const alts = g.commas.length > 0 ? alternatives(s, g) : sequence(body);
  if (alts === undefined) {
    // Not an expansion ({x} or {}): keep the braces, expand what follows.
    const rest = expand(post, depth + 1);
    return rest?.map((r) => `${pre}{${body}}${r}`);
  }
  const results: string[] = [];
  for (const alt of alts) {
    const sub = expand(pre + alt + post, depth + 1);
    if (sub === undefined) return undefined;
    results.push(...sub);
    if (results.length > MAX_EXPANSIONS) return undefined;
  }
  return results;
}

/** `{1..3}`, `{a..c}`, `{1..9..2}`; undefined when the body is no sequence or too long. */
function sequence(body: string): string[] | undefined {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(body);
  if (!m) return undefined;
  const [, a, b, stepText] = m as unknown as [string, string, string, string | undefined];
  const step = Math.max(1, Math.abs(Number(stepText ?? "1")));
  const numeric = /\d/.test(a);
  const from = numeric ? Number(a) : a.charCodeAt(0);
  const to = numeric ? Number(b) : b.charCodeAt(0);
  if (Math.abs(to - from) / step > MAX_EXPANSIONS) return undefined;
  const out: string[] = [];
  const dir = to >= from ? step : -step;
  for (let v = from; dir > 0 ? v <= to : v >= to; v += dir) out.push(numeric ? String(v) : String.fromCharCode(v));
  return out;
}
