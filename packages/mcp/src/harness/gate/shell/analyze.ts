// The shell judgement's walk (decisions SEC-2, SEC-3): every statement of a parsed command line —
// lists, pipelines, subshells, `{ … }`, functions, if/case/for/while bodies, command and process
// substitutions, `sh -c` / `bash -c` / `eval` / `source` / `trap` strings, heredoc and pipe-fed
// scripts — with the working directory (`cd`, `pushd`, `git -C`, `env -C`, `find -execdir`), simple
// variables and the symbolic links the line itself creates. It reports findings; judge.ts decides
// them against the gate profile's deny globs. Redirections and the command table (commands.ts) give
// write targets; an opaque command (unknown program, interpreter, unresolvable name) gives a
// "mention" finding, which denies only when its text names a protected path (fail-closed rule).
import * as path from "node:path";
// The command table calls back into the analyser (type-only import there: no module cycle).
import { runCommand } from "./commands";
import type { SyntaxNode } from "./parser";
import { commandName, joinCwd, joinPattern, norm } from "./paths";
import { unescapePattern } from "./pattern-form";
import { type Arg, argText, known, OPAQUE_ARG, resolveWord, unknown, type Vars, visitSubstitutions } from "./words";

export type Op = "write" | "delete";
/** A working directory relative to the hook's cwd ("" = itself) or absolute; null = unknown. */
export type Cwd = string | null;

export type Finding =
  /** A literal path (relative to the hook's cwd, or absolute). */
  | { kind: "path"; raw: string; op: Op; via: string }
  /** A live glob in pattern form (relative to the hook's cwd, or absolute). */
  | { kind: "glob"; pattern: string; op: Op; via: string }
  /** Names the gate cannot know are written under this directory. */
  | { kind: "into"; dir: string; op: Op; via: string }
  /** A path written from a directory the gate cannot know (pattern form). */
  | { kind: "loose"; name: string; op: Op; via: string }
  /** Text of an opaque command, script or word: denies when it names a protected path. */
  | { kind: "mention"; text: string; cwd: Cwd; via: string }
  /** An opaque command runs in this directory: denies when it is a protected one. */
  | { kind: "area"; dir: string; via: string }
  /** A link (symbolic or hard) to `source` is created: denies when `source` is protected. */
  | { kind: "alias"; source: string; via: string }
  /** A root-relative path (`.git/config` for git configuration that runs programs). */
  | { kind: "rootPath"; rel: string; op: Op; via: string };

export interface State {
  cwds: Cwd[];
  vars: Vars;
  /** Symbolic links created earlier in this line: link path → target (both relative to the hook cwd). */
  links: Map<string, string>;
}

export interface AnalyzerHost {
  /** Text of a script or patch file the line runs or applies (undefined: unreadable, outside, too big). */
  readFile(raw: string): string | undefined;
  /** Parses nested shell text (`sh -c`, `eval`, heredocs, scripts). */
  parse(text: string): SyntaxNode;
}

const MAX_DEPTH = 8;
const MAX_FINDINGS = 100_000;
const MAX_CWDS = 8;
const MAX_LOOP_VALUES = 16;

function unionCwds(...lists: Cwd[][]): Cwd[] {
  const out: Cwd[] = [];
  for (const l of lists) for (const c of l) if (!out.includes(c)) out.push(c);
  return out.length > MAX_CWDS ? [null] : out;
}

/**
 * After branches: a value both agree on stays; a variable set in one branch only keeps that value
 * (unset, it would expand to nothing and name less); different values become unknown, with every
 * value kept as the hint the mention rule reads.
 */
function mergeVars(a: Vars, b: Vars): Vars {
  const out: Vars = new Map();
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(k);
    const y = b.get(k);
    if (x === undefined || y === undefined) out.set(k, (x ?? y) as NonNullable<typeof x>);
    else if (x.value !== null && x.value === y.value) out.set(k, x);
    else out.set(k, unknown([x.hint, y.hint].filter((h) => h !== "").join(" ")));
  }
  return out;
}

function merge(...states: State[]): State {
  const [first, ...rest] = states as [State, ...State[]];
  let vars = first.vars;
  const links = new Map(first.links);
  for (const s of rest) {
    vars = mergeVars(vars, s.vars);
    for (const [k, v] of s.links) links.set(k, v);
  }
  return { cwds: unionCwds(...states.map((s) => s.cwds)), vars, links };
}

const copy = (s: State): State => ({ cwds: [...s.cwds], vars: new Map(s.vars), links: new Map(s.links) });

/** Extra context of one command: the text on its stdin when the line shows it. */
export interface ExecContext {
  stdin?: string;
  /** A redirected-from file (`< file`): its path, for `sh < script` and `patch < fix.diff`. */
  stdinFile?: string;
}

export class Analyzer {
  readonly findings: Finding[] = [];
  private depth = 0;
  private readonly functions = new Map<string, SyntaxNode>();

  constructor(readonly host: AnalyzerHost) {}

  // ---- emitting ---------------------------------------------------------------------------

  emit(f: Finding): void {
    // No silent cap (a long list of harmless writes must not hide the last one): past this many
    // findings the line is refused as too complex to judge (ERR_INTERNAL, fail-closed).
    if (this.findings.length >= MAX_FINDINGS) throw new Error("the command line is too complex to judge");
    this.findings.push(f);
  }

  /** A write (or delete) of one argument under every possible cwd. */
  writeArg(arg: Arg, op: Op, via: string, st: State): void {
    for (const cwd of st.cwds) this.writeArgAt(arg, op, via, cwd, st);
  }

  private writeArgAt(arg: Arg, op: Op, via: string, cwd: Cwd, st: State): void {
    if (!arg.opaque) {
      if (arg.text === "" || arg.text === "-") return;
      if (!arg.glob && /^\/dev\//.test(arg.text)) return;
      if (cwd === null && !path.posix.isAbsolute(arg.text)) {
        this.emit({ kind: "loose", name: arg.pat, op, via });
        return;
      }
      const base = cwd ?? "";
      if (arg.glob) {
        this.emit({
          kind: "glob",
          pattern: path.posix.isAbsolute(arg.pat) ? arg.pat : joinPattern(base, arg.pat),
          op,
          via,
        });
        return;
      }
      const raw = joinCwd(base, arg.text);
      this.emit({ kind: "path", raw: raw === "" ? "." : raw, op, via });
      for (const [link, target] of st.links) {
        if (raw === link || raw.startsWith(`${link}/`))
          this.emit({
            kind: "path",
            raw: norm(target + raw.slice(link.length)) || ".",
            op,
            via: `${via} (via link ${link})`,
          });
      }
      return;
    }
    this.emit({ kind: "mention", text: arg.visible, cwd, via });
    // `.claude/$X`: the directory is known.
    const slash = arg.prefix.lastIndexOf("/");
    if (slash > 0 && cwd !== null) {
      const dir = unescapePattern(arg.prefix.slice(0, slash));
      this.emit({ kind: "into", dir: joinCwd(cwd, dir), op, via });
    }
    // `$X/settings.json`: the file name is known, the directory is not.
    const tail = arg.suffix.split("/");
    if (arg.suffix.includes("/") && (tail.at(-1) ?? "") !== "")
      this.emit({ kind: "loose", name: tail.at(-1) as string, op, via });
  }

  /** Unknown names written under a directory argument. */
  intoArg(arg: Arg, op: Op, via: string, st: State): void {
    for (const cwd of st.cwds) {
      if (arg.opaque) {
        this.emit({ kind: "mention", text: arg.visible, cwd, via });
        continue;
      }
      if (arg.glob) {
        this.emit({ kind: "glob", pattern: joinPattern(cwd ?? "", `${arg.pat}/**`), op, via });
        continue;
      }
      if (cwd === null && !path.posix.isAbsolute(arg.text)) {
        this.emit({ kind: "mention", text: arg.text, cwd, via });
        continue;
      }
      const dir = joinCwd(cwd ?? "", arg.text);
      this.emit({ kind: "into", dir, op, via });
      for (const [link, target] of st.links)
        if (dir === link || dir.startsWith(`${link}/`))
          this.emit({ kind: "into", dir: norm(target + dir.slice(link.length)), op, via });
    }
  }

  /** The text of an opaque command's argument: checked for protected names. */
  mention(text: string, via: string, st: State): void {
    if (text === "") return;
    for (const cwd of st.cwds) this.emit({ kind: "mention", text, cwd, via });
  }

  /** An opaque command: all its words (and its stdin text) may name what it writes. */
  opaque(args: Arg[], via: string, st: State, ctx: ExecContext): void {
    for (const a of args) this.mention(argText(a), via, st);
    if (ctx.stdin !== undefined) this.mention(ctx.stdin, `${via} (stdin)`, st);
    for (const cwd of st.cwds) if (cwd !== null && cwd !== "") this.emit({ kind: "area", dir: cwd, via });
  }

  /** A link named `link` pointing at `target` (symbolic: relative to the link's directory). */
  link(target: Arg, link: Arg, symbolic: boolean, via: string, st: State): void {
    for (const cwd of st.cwds) {
      if (target.opaque) {
        this.emit({ kind: "mention", text: target.visible, cwd, via });
        continue;
      }
      if (cwd === null && !path.posix.isAbsolute(target.text)) {
        this.emit({ kind: "mention", text: target.text, cwd, via });
        continue;
      }
      const base = cwd ?? "";
      if (link.opaque || link.glob) {
        this.emit({ kind: "alias", source: joinCwd(base, target.text), via });
        continue;
      }
      const linkPath = joinCwd(base, link.text);
      const source = symbolic ? joinCwd(path.posix.dirname(linkPath), target.text) : joinCwd(base, target.text);
      this.emit({ kind: "alias", source, via });
      st.links.set(linkPath, source);
    }
  }

  // ---- words ------------------------------------------------------------------------------

  words(node: SyntaxNode, st: State): Arg[] {
    return resolveWord(node, {
      vars: st.vars,
      substitution: (body) => this.substatements(body, copy(st)),
    });
  }

  private substatements(body: SyntaxNode[], st: State): void {
    let s = st;
    for (const n of body) s = this.statement(n, s);
  }

  // ---- statements -------------------------------------------------------------------------

  run(root: SyntaxNode, st: State): State {
    return this.sequence(root.children, st);
  }

  /** Nested shell text (sh -c, eval, heredoc scripts): parsed and walked; too deep → opaque. */
  script(text: string, via: string, st: State): State {
    if (this.depth >= MAX_DEPTH) {
      this.mention(text, via, st);
      return st;
    }
    this.depth++;
    try {
      const tree = this.host.parse(text);
      if (hasError(tree)) this.mention(text, `${via} (unparsed part)`, st);
      return this.sequence(tree.children, st);
    } finally {
      this.depth--;
    }
  }

  sequence(nodes: SyntaxNode[], st: State): State {
    let s = st;
    for (const n of nodes) if (n.named) s = this.statement(n, s);
    return s;
  }

  statement(node: SyntaxNode, st: State, ctx: ExecContext = {}): State {
    switch (node.type) {
      case "comment":
        return st;
      case "program":
      case "compound_statement":
      case "do_group":
        return this.sequence(node.children, st);
      case "subshell":
        this.sequence(node.children, copy(st));
        return st;
      case "list":
        return this.list(node, st);
      case "pipeline":
        this.pipeline(
          node.children.filter((c) => c.named),
          st,
          ctx,
        );
        return st;
      case "redirected_statement":
        return this.redirected(node, st, ctx);
      case "command":
        return this.command(node, st, ctx);
      case "variable_assignment":
        this.assign(node, st);
        return st;
      case "variable_assignments":
        for (const c of node.children) if (c.type === "variable_assignment") this.assign(c, st);
        return st;
      case "declaration_command":
        return this.declaration(node, st);
      case "unset_command":
        for (const c of node.children) if (c.named) st.vars.set(c.text, unknown());
        return st;
      case "function_definition": {
        const name = node.children.find((c) => c.field === "name");
        const body = node.children.find((c) => c.field === "body");
        if (name && body) this.functions.set(name.text, body);
        // Walked where it is defined too: the body's writes are judged even if it is never called.
        if (body) this.statement(body, copy(st));
        for (const r of node.children.filter((c) => c.field === "redirect")) this.redirect(r, st, ctx);
        return st;
      }
      case "if_statement":
        return this.ifStatement(node, st);
      case "while_statement":
        return this.loop(node, st);
      case "for_statement":
        return this.forStatement(node, st);
      case "c_style_for_statement":
        return this.loop(node, st);
      case "case_statement":
        return this.caseStatement(node, st);
      case "negated_command":
        return this.sequence(node.children, st);
      default:
        // test_command, ERROR and anything else: statements inside run; substitutions anywhere.
        return this.generic(node, st);
    }
  }

  private generic(node: SyntaxNode, st: State): State {
    let s = st;
    for (const c of node.children) {
      if (STATEMENT_TYPES.has(c.type)) s = this.statement(c, s);
      else
        visitSubstitutions(c, {
          vars: s.vars,
          substitution: (body) => this.substatements(body, copy(s)),
        });
    }
    return s;
  }

  private list(node: SyntaxNode, st: State): State {
    // a && b || c: the left side runs; each right side may or may not.
    let s = st;
    let pendingOp: string | undefined;
    for (const c of node.children) {
      if (!c.named) {
        if (c.type === "&&" || c.type === "||") pendingOp = c.type;
        continue;
      }
      if (pendingOp === undefined) s = this.statement(c, s);
      else s = merge(s, this.statement(c, copy(s)));
      pendingOp = undefined;
    }
    return s;
  }

  private pipeline(elements: SyntaxNode[], st: State, ctx: ExecContext): void {
    // Every element runs in a subshell; a literal `echo`/`printf`/`cat <<EOF` feeds the next one.
    let stdin: string | undefined = ctx.stdin;
    for (const el of elements) {
      this.statement(el, copy(st), stdin === undefined ? {} : { stdin });
      stdin = this.outputOf(el, st);
    }
  }

  /** The literal stdout of `echo …` / `printf …` / `cat <<EOF` (for `… | sh`), else undefined. */
  private outputOf(node: SyntaxNode, st: State): string | undefined {
    let cmd = node;
    let heredoc: string | undefined;
    if (node.type === "redirected_statement") {
      const body = node.children.find((c) => c.field === "body");
      const hd = node.children.find((c) => c.type === "heredoc_redirect" || c.type === "herestring_redirect");
      if (hd) heredoc = this.heredocText(hd, st);
      if (!body) return undefined;
      cmd = body;
    }
    if (cmd.type !== "command") return undefined;
    const name = cmd.children.find((c) => c.field === "name");
    const args = cmd.children.filter((c) => c.field === "argument").flatMap((a) => this.words(a, copy(st)));
    if (!name || args.some((a) => a.opaque)) return undefined;
    const n = path.posix.basename(name.text);
    const texts = args.map(argText);
    if (n === "echo") return `${texts.filter((t) => !/^-[neE]+$/.test(t)).join(" ")}\n`;
    if (n === "printf") return texts.join(" ");
    if (n === "cat" && texts.length === 0) return heredoc;
    return undefined;
  }

  private heredocText(node: SyntaxNode, st: State): string | undefined {
    if (node.type === "herestring_redirect") {
      const w = node.children.find((c) => c.named);
      if (!w) return undefined;
      const args = this.words(w, copy(st));
      return args.length === 1 && !args[0]?.opaque
        ? `${(args[0] as { text: string }).text}\n`
        : argText(args[0] ?? OPAQUE_ARG);
    }
    const body = node.children.find((c) => c.type === "heredoc_body");
    if (!body) return "";
    // Expansions in an unquoted heredoc run (substitutions) and are kept as their source text.
    visitSubstitutions(body, { vars: st.vars, substitution: (b) => this.substatements(b, copy(st)) });
    return body.text;
  }

  private redirected(node: SyntaxNode, st: State, ctx: ExecContext): State {
    const body = node.children.find((c) => c.field === "body");
    const redirects = node.children.filter((c) => c !== body && c.named);
    const inner: ExecContext = { ...ctx };
    const trailing: SyntaxNode[] = [];
    const fileRedirects: SyntaxNode[] = [];
    for (const r of redirects) {
      if (r.type === "heredoc_redirect" || r.type === "herestring_redirect") {
        inner.stdin = this.heredocText(r, st);
        // A heredoc redirect carries its own later redirections and, oddly, the rest of a
        // pipeline or list (`cat <<EOF | sh`): both are handled here.
        for (const c of r.children) {
          if (c.type === "file_redirect") fileRedirects.push(c);
          else if (STATEMENT_TYPES.has(c.type)) trailing.push(c);
        }
        continue;
      }
      fileRedirects.push(r);
    }
    // Input first: `patch < fix.diff`, `sh < script` read it.
    for (const r of fileRedirects) {
      const from = this.inputOf(r, st);
      if (from !== undefined) inner.stdinFile = from;
    }
    // The grammar hangs `a && b > f` and `a | b > f` on the whole list or pipeline, while the
    // shell opens f for the last command: after a list, the cwd may have changed (`cd x && b > f`).
    const late = body !== undefined && (body.type === "list" || body.type === "pipeline");
    if (!late) for (const r of fileRedirects) this.redirect(r, st, inner);
    let out = body ? this.statement(body, st, inner) : st;
    // The state after a list already merges its branches; a pipeline's last element runs in a
    // subshell of the state before it, which is what a pipeline returns.
    if (late) for (const r of fileRedirects) this.redirect(r, out, inner);
    for (const t of trailing) {
      if (t.type === "pipeline") {
        const fed = body ? this.outputOf(node, st) : undefined;
        this.pipeline(
          t.children.filter((c) => c.named),
          st,
          fed === undefined ? {} : { stdin: fed },
        );
      } else out = this.statement(t, out);
    }
    return out;
  }

  /** The file a `<` redirection reads, if that is what `node` is. */
  private inputOf(node: SyntaxNode, st: State): string | undefined {
    if (node.type !== "file_redirect") return undefined;
    const dest = node.children.find((c) => c.field === "destination");
    const op = node.children
      .filter((c) => c !== dest && c.field !== "descriptor")
      .map((c) => (c.type === "ERROR" ? c.text : c.named ? "" : c.type))
      .join("");
    if (op !== "<" || !dest) return undefined;
    const a = resolveWord(dest, { vars: st.vars, substitution: () => {} })[0];
    return a && !a.opaque ? a.text : undefined;
  }

  /** One redirection: writes its target; returns the file of a `<` redirection. */
  redirect(node: SyntaxNode, st: State, _ctx: ExecContext): string | undefined {
    if (node.type === "herestring_redirect" || node.type === "heredoc_redirect") {
      this.heredocText(node, st);
      return undefined;
    }
    if (node.type !== "file_redirect") {
      this.generic(node, st);
      return undefined;
    }
    const dest = node.children.find((c) => c.field === "destination");
    // The operator, pieced together from its tokens (error recovery splits `<>` in two).
    const op = node.children
      .filter((c) => c !== dest && c.field !== "descriptor")
      .map((c) => (c.type === "ERROR" ? c.text : c.named ? "" : c.type))
      .join("")
      .replace(/\s+/g, "");
    if (!dest) return undefined;
    const args = this.words(dest, st);
    const isDup = (op === ">&" || op === "<&") && args.every((a) => !a.opaque && /^(\d+|-)$/.test(a.text));
    if (isDup) return undefined;
    if (!op.includes(">")) {
      const a = args[0];
      return a && !a.opaque ? a.text : undefined;
    }
    for (const a of args) this.writeArg(a, "write", `redirection ${op}`, st);
    return undefined;
  }

  private assign(node: SyntaxNode, st: State): void {
    const name = node.children.find((c) => c.field === "name");
    const value = node.children.find((c) => c.field === "value");
    if (!name) return;
    const append = node.children.some((c) => c.type === "+=");
    if (!value) {
      st.vars.set(name.text, append ? (st.vars.get(name.text) ?? unknown()) : known(""));
      return;
    }
    const args = this.words(value, st);
    const v =
      args.length === 1 && !args[0]?.opaque && value.type !== "array" ? (args[0] as { text: string }).text : null;
    const hint = v ?? args.map(argText).join(" ");
    if (append) {
      const prev = st.vars.get(name.text);
      if (prev !== undefined && prev.value !== null && v !== null) st.vars.set(name.text, known(prev.value + v));
      else st.vars.set(name.text, unknown(`${prev?.hint ?? ""}${hint}`));
    } else st.vars.set(name.text, v === null ? unknown(hint) : known(v));
  }

  private declaration(node: SyntaxNode, st: State): State {
    for (const c of node.children) {
      if (c.type === "variable_assignment") this.assign(c, st);
      else if (c.named) for (const _ of this.words(c, st)) void _;
    }
    return st;
  }

  private ifStatement(node: SyntaxNode, st: State): State {
    // Conditions run in order; exactly one branch (or none) runs.
    let s = st;
    const branches: State[] = [];
    let body: SyntaxNode[] = [];
    let inBody = false;
    let hasElse = false;
    const flush = () => {
      if (inBody) branches.push(this.sequence(body, copy(s)));
      body = [];
    };
    for (const c of node.children) {
      if (c.field === "condition") {
        if (c.named) s = this.statement(c, s);
        continue;
      }
      if (c.type === "then") {
        inBody = true;
        continue;
      }
      if (c.type === "elif_clause" || c.type === "else_clause") {
        flush();
        inBody = false;
        if (c.type === "else_clause") hasElse = true;
        const res = this.clause(c, s);
        s = res.after;
        branches.push(res.branch);
        continue;
      }
      if (inBody && c.named) body.push(c);
    }
    flush();
    return merge(...branches, ...(hasElse ? [] : [s]));
  }

  private clause(node: SyntaxNode, st: State): { after: State; branch: State } {
    if (node.type === "else_clause") return { after: st, branch: this.sequence(node.children, copy(st)) };
    // elif: condition statements before "then", body after.
    let s = st;
    let inBody = false;
    const body: SyntaxNode[] = [];
    for (const c of node.children) {
      if (c.type === "then") {
        inBody = true;
        continue;
      }
      if (!c.named) continue;
      if (inBody) body.push(c);
      else s = this.statement(c, s);
    }
    return { after: s, branch: this.sequence(body, copy(s)) };
  }

  private loop(node: SyntaxNode, st: State): State {
    let s = st;
    for (const c of node.children) {
      if (!c.named) continue;
      if (c.field === "body") {
        const after = this.statement(c, copy(s));
        const changed = after.cwds.some((x) => !s.cwds.includes(x));
        s = merge(s, after, ...(changed ? [{ ...after, cwds: [null] }] : []));
      } else if (STATEMENT_TYPES.has(c.type)) s = this.statement(c, s);
      else this.generic(c, s);
    }
    return s;
  }

  private forStatement(node: SyntaxNode, st: State): State {
    const variable = node.children.find((c) => c.field === "variable");
    const body = node.children.find((c) => c.field === "body");
    const values = node.children.filter((c) => c.field === "value").flatMap((v) => this.words(v, st));
    if (!variable || !body) return this.loop(node, st);
    const literal = values.length <= MAX_LOOP_VALUES && values.every((v) => !v.opaque && !v.glob);
    const runs: State[] = [st];
    if (literal && values.length > 0) {
      for (const v of values) {
        const s = copy(st);
        s.vars.set(variable.text, known((v as { text: string }).text));
        runs.push(this.statement(body, s));
      }
    } else {
      const s = copy(st);
      // Unknown or glob values: the variable is opaque; a glob's matches are judged as a glob.
      s.vars.set(variable.text, unknown(values.map(argText).join(" ")));
      for (const v of values) if (!v.opaque && v.glob) this.writeProbeGlob(v, s);
      for (const v of values) if (v.opaque) this.mention(v.visible, "for loop value", s);
      runs.push(this.statement(body, s));
    }
    const merged = merge(...runs);
    return merged;
  }

  /** `for f in *.json; do … > "$f"`: the loop variable is opaque, so its glob is named here. */
  private writeProbeGlob(v: Arg, st: State): void {
    this.mention(argText(v), "for loop glob", st);
  }

  private caseStatement(node: SyntaxNode, st: State): State {
    const branches: State[] = [st];
    for (const c of node.children) {
      if (c.field === "value") this.generic(c, st);
      if (c.type !== "case_item") continue;
      const body = c.children.filter((x) => x.named && x.field !== "value" && STATEMENT_TYPES.has(x.type));
      branches.push(this.sequence(body, copy(st)));
    }
    return merge(...branches);
  }

  // ---- commands ---------------------------------------------------------------------------

  private command(node: SyntaxNode, st: State, ctx: ExecContext): State {
    const argv: Arg[] = [];
    const env: string[] = [];
    for (const c of node.children) {
      if (c.type === "variable_assignment") {
        // A prefix assignment: only the command's environment (its value may still run `$(…)`).
        const name = c.children.find((x) => x.field === "name");
        const value = c.children.find((x) => x.field === "value");
        if (value) this.words(value, st);
        if (name) env.push(name.text);
        continue;
      }
      if (c.field === "name" || c.field === "argument") {
        // command_name wraps the word; several pieces (t''ee) are one concatenated word.
        const w =
          c.type === "command_name"
            ? c.children.length === 1
              ? (c.children[0] as SyntaxNode)
              : { ...c, type: "concatenation" }
            : c;
        argv.push(...this.words(w, st));
        continue;
      }
      if (c.field === "redirect") {
        const from = this.redirect(c, st, ctx);
        if (from !== undefined) ctx = { ...ctx, stdinFile: from };
      }
    }
    if (argv.length === 0) return st;
    if (ctx.stdin === undefined && ctx.stdinFile !== undefined) {
      const text = this.readAt(ctx.stdinFile, st);
      if (text !== undefined) ctx = { ...ctx, stdin: text };
    }
    return this.exec(argv, st, ctx);
  }

  /** A file the line reads as a script or patch, relative to the (single, known) cwd. */
  readAt(raw: string, st: State): string | undefined {
    const cwd = st.cwds.length === 1 ? st.cwds[0] : null;
    if (cwd === null || cwd === undefined) return undefined;
    return this.host.readFile(joinCwd(cwd, raw));
  }

  /** Runs argv[0] with the rest (after wrappers are peeled); returns the shell's state after it. */
  exec(argv: Arg[], st: State, ctx: ExecContext): State {
    const [head, ...args] = argv;
    if (head === undefined) return st;
    if (head.opaque || head.glob) {
      this.opaque(argv, "command name not known", st, ctx);
      return st;
    }
    const fn = this.functions.get(head.text);
    if (fn !== undefined && this.depth < MAX_DEPTH) {
      this.depth++;
      try {
        this.statement(fn, copy(st));
      } finally {
        this.depth--;
      }
      this.opaque(args, `function ${head.text}`, { ...st, cwds: [] }, ctx);
      return st;
    }
    const name = commandName(head.text);
    return runCommand(this, name, args, st, ctx);
  }
}

export const STATEMENT_TYPES = new Set([
  "command",
  "redirected_statement",
  "pipeline",
  "list",
  "subshell",
  "compound_statement",
  "variable_assignment",
  "variable_assignments",
  "declaration_command",
  "unset_command",
  "function_definition",
  "if_statement",
  "while_statement",
  "for_statement",
  "c_style_for_statement",
  "case_statement",
  "negated_command",
  "test_command",
  "ERROR",
]);

export function hasError(n: SyntaxNode): boolean {
  return n.broken || n.children.some(hasError);
}

export function initialState(): State {
  return { cwds: [""], vars: new Map(), links: new Map() };
}
