// The text a command reads on stdin when the line itself shows it (decisions SEC-3): a heredoc, a
// herestring, or the literal output of `echo`/`printf`/`cat <<EOF` earlier in a pipeline. A shell
// fed that text (`cat <<EOF | sh`, `echo 'rm .env' | bash`) runs it, so it is walked as a script.
import * as path from "node:path";
import type { SyntaxNode } from "../parser";
import { argText, OPAQUE_ARG, visitSubstitutions } from "../words";
import type { Analyzer } from "./analyzer";
import { copy, type ExecContext, type State } from "./state";

/** Every element runs in a subshell; a literal `echo`/`printf`/`cat <<EOF` feeds the next one. */
export function pipeline(a: Analyzer, elements: SyntaxNode[], st: State, ctx: ExecContext): void {
  let stdin: string | undefined = ctx.stdin;
  for (const el of elements) {
    a.statement(el, copy(st), stdin === undefined ? {} : { stdin });
    stdin = outputOf(a, el, st);
  }
}

/** The literal stdout of `echo …` / `printf …` / `cat <<EOF` (for `… | sh`), else undefined. */
export function outputOf(a: Analyzer, node: SyntaxNode, st: State): string | undefined {
  let cmd = node;
  let heredoc: string | undefined;
  if (node.type === "redirected_statement") {
    const body = node.children.find((c) => c.field === "body");
    const hd = node.children.find((c) => c.type === "heredoc_redirect" || c.type === "herestring_redirect");
    if (hd) heredoc = heredocText(a, hd, st);
    if (!body) return undefined;
    cmd = body;
  }
  if (cmd.type !== "command") return undefined;
  const name = cmd.children.find((c) => c.field === "name");
  const args = cmd.children.filter((c) => c.field === "argument").flatMap((w) => a.words(w, copy(st)));
  if (!name || args.some((w) => w.opaque)) return undefined;
  const n = path.posix.basename(name.text);
  const texts = args.map(argText);
  if (n === "echo") return `${texts.filter((t) => !/^-[neE]+$/.test(t)).join(" ")}\n`;
  if (n === "printf") return texts.join(" ");
  if (n === "cat" && texts.length === 0) return heredoc;
  return undefined;
}

/** The text a heredoc or herestring redirect feeds (its substitutions are walked). */
export function heredocText(a: Analyzer, node: SyntaxNode, st: State): string | undefined {
  if (node.type === "herestring_redirect") {
    const w = node.children.find((c) => c.named);
    if (!w) return undefined;
    const args = a.words(w, copy(st));
    return args.length === 1 && !args[0]?.opaque
      ? `${(args[0] as { text: string }).text}\n`
      : argText(args[0] ?? OPAQUE_ARG);
  }
  const body = node.children.find((c) => c.type === "heredoc_body");
  if (!body) return "";
  // Expansions in an unquoted heredoc run (substitutions) and are kept as their source text.
  visitSubstitutions(body, { vars: st.vars, substitution: (b) => a.substatements(b, copy(st)) });
  return body.text;
}
