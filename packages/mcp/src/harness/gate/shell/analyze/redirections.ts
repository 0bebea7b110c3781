// Redirections (decisions SEC-3): every `>`, `>>`, `>|`, `<>`, `&>`, `&>>`, `N>` and `>&word` target
// is a write (`>&N`, `>&-` and `/dev/…` are not); a `<` file is what the command reads on stdin
// (`sh < script`, `patch < fix.diff`). The grammar hangs `a && b > f` on the whole list, while the
// shell opens f for the last command, so such a redirection is judged in the state after the list.
import type { SyntaxNode } from "../parser";
import { resolveWord } from "../words";
import type { Analyzer } from "./analyzer";
import { STATEMENT_TYPES } from "./nodes";
import type { ExecContext, State } from "./state";
import { heredocText, outputOf, pipeline } from "./stdin-text";

/** The operator of a file redirect, pieced together from its tokens (error recovery splits `<>`). */
function operatorOf(node: SyntaxNode, dest: SyntaxNode | undefined): string {
  return node.children
    .filter((c) => c !== dest && c.field !== "descriptor")
    .map((c) => (c.type === "ERROR" ? c.text : c.named ? "" : c.type))
    .join("");
}

/** A statement with redirections: stdin first, then the body, then what a heredoc carries. */
export function redirected(a: Analyzer, node: SyntaxNode, st: State, ctx: ExecContext): State {
  const body = node.children.find((c) => c.field === "body");
  const redirects = node.children.filter((c) => c !== body && c.named);
  const inner: ExecContext = { ...ctx };
  const trailing: SyntaxNode[] = [];
  const fileRedirects: SyntaxNode[] = [];
  for (const r of redirects) {
    if (r.type === "heredoc_redirect" || r.type === "herestring_redirect") {
      inner.stdin = heredocText(a, r, st);
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
    const from = inputOf(r, st);
    if (from !== undefined) inner.stdinFile = from;
  }
  const late = body !== undefined && (body.type === "list" || body.type === "pipeline");
  if (!late) for (const r of fileRedirects) redirect(a, r, st);
  let out = body ? a.statement(body, st, inner) : st;
  // The state after a list already merges its branches; a pipeline's last element runs in a
  // subshell of the state before it, which is what a pipeline returns.
  if (late) for (const r of fileRedirects) redirect(a, r, out);
  for (const t of trailing) {
    if (t.type !== "pipeline") {
      out = a.statement(t, out);
      continue;
    }
    const fed = body ? outputOf(a, node, st) : undefined;
    pipeline(
      a,
      t.children.filter((c) => c.named),
      st,
      fed === undefined ? {} : { stdin: fed },
    );
  }
  return out;
}

/** The file a `<` redirection reads, if that is what `node` is. */
function inputOf(node: SyntaxNode, st: State): string | undefined {
  if (node.type !== "file_redirect") return undefined;
  const dest = node.children.find((c) => c.field === "destination");
  if (operatorOf(node, dest) !== "<" || !dest) return undefined;
  const a = resolveWord(dest, { vars: st.vars, substitution: () => {} })[0];
  return a && !a.opaque ? a.text : undefined;
}

/** One redirection: writes its target; returns the file of a `<` redirection. */
export function redirect(a: Analyzer, node: SyntaxNode, st: State): string | undefined {
  if (node.type === "herestring_redirect" || node.type === "heredoc_redirect") {
    heredocText(a, node, st);
    return undefined;
  }
  if (node.type !== "file_redirect") {
    a.generic(node, st);
    return undefined;
  }
  const dest = node.children.find((c) => c.field === "destination");
  const op = operatorOf(node, dest).replace(/\s+/g, "");
  if (!dest) return undefined;
  const args = a.words(dest, st);
  const isDup = (op === ">&" || op === "<&") && args.every((w) => !w.opaque && /^(\d+|-)$/.test(w.text));
  if (isDup) return undefined;
  if (!op.includes(">")) {
    const w = args[0];
    return w && !w.opaque ? w.text : undefined;
  }
  for (const w of args) a.writeArg(w, "write", `redirection ${op}`, st);
  return undefined;
}
