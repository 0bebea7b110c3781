// Words of a parsed command line → arguments (decisions SEC-3): quote removal, concatenation,
// `$'…'`, backslash escapes, tilde, known variables, brace expansion. The result is kept in
// "pattern form": glob characters that were quoted or escaped carry a backslash, the others are
// live, so `".e"nv`, `.e''nv` and `$'.e\x6ev'` all become `.env` and `"*"` stays a literal star.
// A part the gate cannot know (`$VAR` it did not see assigned, `$(…)`, backticks, arithmetic) makes
// the word opaque; its visible text (the literal parts plus the source of the opaque ones) is what
// the fail-closed "does it mention a protected name" rule reads.
import { homedir } from "node:os";
import { decodeAnsiC } from "./ansi-c";
import { expandBraces } from "./braces";
import type { SyntaxNode } from "./parser";
import { escapePattern, hasGlob, unescapePattern } from "./pattern-form";

export type Arg =
  | { opaque: false; pat: string; text: string; glob: boolean }
  | {
      opaque: true;
      /** Literal parts and the source text of the opaque parts. */
      visible: string;
      /** Pattern form of the literal text before the first opaque part. */
      prefix: string;
      /** Pattern form of the literal text after the last opaque part. */
      suffix: string;
    };

/**
 * Shell variables seen assigned in the line: a value, or null when the gate cannot know it; `hint`
 * holds every text it may hold (the values of other branches), read by the mention rule.
 */
export interface VarValue {
  value: string | null;
  hint: string;
}
export type Vars = Map<string, VarValue>;

export const known = (value: string): VarValue => ({ value, hint: value });
export const unknown = (hint = ""): VarValue => ({ value: null, hint });

type Part = { kind: "lit"; pat: string } | { kind: "opaque"; source: string };

export interface WordContext {
  vars: Vars;
  /** Called for every `$(…)`, backtick and `<(…)`/`>(…)` body: the analyser walks it. */
  substitution(body: SyntaxNode[]): void;
}

export function literalArg(pat: string): Arg {
  return { opaque: false, pat, text: unescapePattern(pat), glob: hasGlob(pat) };
}

export function textArg(text: string): Arg {
  return literalArg(escapePattern(text));
}

export const OPAQUE_ARG: Arg = { opaque: true, visible: "", prefix: "", suffix: "" };

/** An unquoted word's text in pattern form: `\x` escapes x, a backslash-newline disappears. */
function unquotedPattern(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\" && i + 1 < text.length) {
      const n = text[++i] as string;
      if (n === "\n") continue;
      out += escapePattern(n);
      continue;
    }
    out += c;
  }
  return out;
}

/** Inside double quotes only `\$`, `` \` ``, `\"`, `\\` and backslash-newline are escapes. */
function doubleQuotedText(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_m, c: string) => (c === "\n" ? "" : c));
}

const IFS = /[ \t\n]/;

function variable(name: string, quoted: boolean, ctx: WordContext, source: string): Part {
  const entry = ctx.vars.get(name);
  if (entry === undefined) return { kind: "opaque", source };
  const v = entry.value;
  if (v === null) return { kind: "opaque", source: entry.hint === "" ? source : `${source} ${entry.hint}` };
  // Unquoted, a value with blanks would be split into several words: not followed (opaque).
  if (!quoted && IFS.test(v)) return { kind: "opaque", source: `${source} ${v}` };
  // Unquoted, glob characters of the value stay live; braces never expand from a value.
  return { kind: "lit", pat: quoted ? escapePattern(v) : v.replace(/[\\{},]/g, "\\$&") };
}

function expansionPart(node: SyntaxNode, quoted: boolean, ctx: WordContext): Part {
  // ${NAME} with no operator is the variable; any operator (${X:-d}, ${X#p}, ${#X}…) is opaque.
  const named = node.children.filter((c) => c.named);
  const ops = node.children.filter((c) => !c.named && c.type !== "${" && c.type !== "}");
  if (named.length === 1 && named[0]?.type === "variable_name" && ops.length === 0)
    return variable(named[0].text, quoted, ctx, node.text);
  for (const c of node.children) visitSubstitutions(c, ctx);
  return { kind: "opaque", source: node.text };
}

/** Walks a node for command and process substitutions (they run even where the word is unused). */
export function visitSubstitutions(node: SyntaxNode, ctx: WordContext): void {
  if (node.type === "command_substitution" || node.type === "process_substitution") {
    ctx.substitution(node.children.filter((c) => c.named));
    return;
  }
  for (const c of node.children) visitSubstitutions(c, ctx);
}

function parts(node: SyntaxNode, ctx: WordContext, quoted: boolean, out: Part[]): void {
  switch (node.type) {
    case "word":
    case "number":
    case "extglob_pattern":
    case "variable_name":
      out.push({ kind: "lit", pat: quoted ? escapePattern(node.text) : unquotedPattern(node.text) });
      return;
    case "raw_string": {
      out.push({ kind: "lit", pat: escapePattern(node.text.slice(1, -1)) });
      return;
    }
    case "ansi_c_string":
      out.push({ kind: "lit", pat: escapePattern(decodeAnsiC(node.text.slice(2, -1))) });
      return;
    case "string_content":
      out.push({ kind: "lit", pat: escapePattern(doubleQuotedText(node.text)) });
      return;
    case "string":
    case "translated_string": {
      const kids = node.children.filter((c) => c.named);
      if (kids.length === 0) out.push({ kind: "lit", pat: "" });
      for (const c of kids) parts(c, ctx, true, out);
      return;
    }
    case "simple_expansion": {
      const name = node.children.find((c) => c.named);
      if (name?.type === "variable_name") out.push(variable(name.text, quoted, ctx, node.text));
      else out.push({ kind: "opaque", source: node.text });
      return;
    }
    case "expansion":
      out.push(expansionPart(node, quoted, ctx));
      return;
    case "concatenation":
      for (const c of node.children) parts(c, ctx, quoted, out);
      return;
    case "command_substitution":
    case "process_substitution":
      ctx.substitution(node.children.filter((c) => c.named));
      out.push({ kind: "opaque", source: node.text });
      return;
    default:
      // arithmetic, arrays, brace_expression ({1..3} as a node), anything else: the source text is
      // kept literally when it holds no expansion, otherwise the part is opaque.
      if (node.type === "brace_expression" && !/[$`]/.test(node.text)) {
        out.push({ kind: "lit", pat: node.text });
        return;
      }
      visitSubstitutions(node, ctx);
      if (node.named || /[$`]/.test(node.text)) out.push({ kind: "opaque", source: node.text });
      else out.push({ kind: "lit", pat: quoted ? escapePattern(node.text) : unquotedPattern(node.text) });
  }
}

/** A leading unquoted `~` or `~/…` is the home directory (`~user` stays literal). */
function tilde(first: Part | undefined, node: SyntaxNode): Part | undefined {
  if (first?.kind !== "lit" || !first.pat.startsWith("~")) return first;
  const startsUnquoted = node.type === "word" || (node.type === "concatenation" && node.children[0]?.type === "word");
  if (!startsUnquoted) return first;
  if (first.pat === "~" || first.pat.startsWith("~/"))
    return { kind: "lit", pat: escapePattern(homedir()) + first.pat.slice(1) };
  return first;
}

/** One syntax node (an argument, a command name, a redirection target) → its arguments. */
export function resolveWord(node: SyntaxNode, ctx: WordContext): Arg[] {
  const ps: Part[] = [];
  parts(node, ctx, false, ps);
  const head = tilde(ps[0], node);
  if (head) ps[0] = head;
  if (ps.every((p) => p.kind === "lit")) {
    const pat = ps.map((p) => (p as { pat: string }).pat).join("");
    return expandBraces(pat).map(literalArg);
  }
  const firstOpaque = ps.findIndex((p) => p.kind === "opaque");
  let lastOpaque = -1;
  ps.forEach((p, i) => {
    if (p.kind === "opaque") lastOpaque = i;
  });
  const patOf = (list: Part[]) => list.map((p) => (p.kind === "lit" ? p.pat : "")).join("");
  return [
    {
      opaque: true,
      visible: ps.map((p) => (p.kind === "lit" ? unescapePattern(p.pat) : p.source)).join(""),
      prefix: patOf(ps.slice(0, firstOpaque)),
      suffix: patOf(ps.slice(lastOpaque + 1)),
    },
  ];
}

/** The text an argument shows: its literal text, or the visible text of an opaque word. */
export const argText = (a: Arg): string => (a.opaque ? a.visible : a.text);
