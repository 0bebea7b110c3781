// Control flow (decisions SEC-3): `&&`/`||` lists, if/elif/else, while/until, for and case. The
// gate cannot know which branch runs, so each runs on a copy of the state and the copies are merged:
// a write in any branch is judged, and a `cd` in one branch leaves both directories possible.
import type { SyntaxNode } from "../parser";
import { argText, known, unknown } from "../words";
import type { Analyzer } from "./analyzer";
import { STATEMENT_TYPES } from "./nodes";
import { copy, merge, type State } from "./state";

/** A `for` over more literal values than this runs once with the variable unknown. */
const MAX_LOOP_VALUES = 16;

/** a && b || c: the left side runs; each right side may or may not. */
export function list(a: Analyzer, node: SyntaxNode, st: State): State {
  let s = st;
  let pendingOp: string | undefined;
  for (const c of node.children) {
    if (!c.named) {
      if (c.type === "&&" || c.type === "||") pendingOp = c.type;
      continue;
    }
    if (pendingOp === undefined) s = a.statement(c, s);
    else s = merge(s, a.statement(c, copy(s)));
    pendingOp = undefined;
  }
  return s;
}

/** Conditions run in order; exactly one branch (or none) runs. */
export function ifStatement(a: Analyzer, node: SyntaxNode, st: State): State {
  let s = st;
  const branches: State[] = [];
  let body: SyntaxNode[] = [];
  let inBody = false;
  let hasElse = false;
  const flush = () => {
    if (inBody) branches.push(a.sequence(body, copy(s)));
    body = [];
  };
  for (const c of node.children) {
    if (c.field === "condition") {
      if (c.named) s = a.statement(c, s);
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
      const res = clause(a, c, s);
      s = res.after;
      branches.push(res.branch);
      continue;
    }
    if (inBody && c.named) body.push(c);
  }
  flush();
  return merge(...branches, ...(hasElse ? [] : [s]));
}

function clause(a: Analyzer, node: SyntaxNode, st: State): { after: State; branch: State } {
  if (node.type === "else_clause") return { after: st, branch: a.sequence(node.children, copy(st)) };
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
    else s = a.statement(c, s);
  }
  return { after: s, branch: a.sequence(body, copy(s)) };
}

/** while/until and C-style for: the body may run or not; a `cd` inside makes the cwd unknown too. */
export function loop(a: Analyzer, node: SyntaxNode, st: State): State {
  let s = st;
  for (const c of node.children) {
    if (!c.named) continue;
    if (c.field === "body") {
      const after = a.statement(c, copy(s));
      const changed = after.cwds.some((x) => !s.cwds.includes(x));
      s = merge(s, after, ...(changed ? [{ ...after, cwds: [null] }] : []));
    } else if (STATEMENT_TYPES.has(c.type)) s = a.statement(c, s);
    else a.generic(c, s);
  }
  return s;
}

/** `for v in …`: once per literal value; unknown or glob values run the body once with v opaque. */
export function forStatement(a: Analyzer, node: SyntaxNode, st: State): State {
  const variable = node.children.find((c) => c.field === "variable");
  const body = node.children.find((c) => c.field === "body");
  const values = node.children.filter((c) => c.field === "value").flatMap((v) => a.words(v, st));
  if (!variable || !body) return loop(a, node, st);
  const literal = values.length <= MAX_LOOP_VALUES && values.every((v) => !v.opaque && !v.glob);
  const runs: State[] = [st];
  if (literal && values.length > 0) {
    for (const v of values) {
      const s = copy(st);
      s.vars.set(variable.text, known((v as { text: string }).text));
      runs.push(a.statement(body, s));
    }
  } else {
    const s = copy(st);
    s.vars.set(variable.text, unknown(values.map(argText).join(" ")));
    // `for f in *.json; do … > "$f"`: the loop variable is opaque, so its glob is named here.
    for (const v of values) if (!v.opaque && v.glob) a.mention(argText(v), "for loop glob", s);
    for (const v of values) if (v.opaque) a.mention(v.visible, "for loop value", s);
    runs.push(a.statement(body, s));
  }
  return merge(...runs);
}

export function caseStatement(a: Analyzer, node: SyntaxNode, st: State): State {
  const branches: State[] = [st];
  for (const c of node.children) {
    if (c.field === "value") a.generic(c, st);
    if (c.type !== "case_item") continue;
    const body = c.children.filter((x) => x.named && x.field !== "value" && STATEMENT_TYPES.has(x.type));
    branches.push(a.sequence(body, copy(st)));
  }
  return merge(...branches);
}
