// One simple command (decisions SEC-3): its words become argv (a command name in pieces, `t''ee`,
// is one word), prefix assignments only touch its environment, its redirections are judged, and a
// `< file` it reads becomes its stdin text. argv then goes to Analyzer.exec and the command table.
import type { SyntaxNode } from "../parser";
import type { Arg } from "../words";
import type { Analyzer } from "./analyzer";
import { redirect } from "./redirections";
import type { ExecContext, State } from "./state";

/** The node holding a command's name: command_name wraps the word; several pieces are one word. */
function nameWord(c: SyntaxNode): SyntaxNode {
  if (c.type !== "command_name") return c;
  return c.children.length === 1 ? (c.children[0] as SyntaxNode) : { ...c, type: "concatenation" };
}

export function command(a: Analyzer, node: SyntaxNode, st: State, ctx: ExecContext): State {
  const argv: Arg[] = [];
  let context = ctx;
  for (const c of node.children) {
    if (c.type === "variable_assignment") {
      // A prefix assignment: only the command's environment (its value may still run `$(…)`).
      const value = c.children.find((x) => x.field === "value");
      if (value) a.words(value, st);
      continue;
    }
    if (c.field === "name" || c.field === "argument") {
      argv.push(...a.words(nameWord(c), st));
      continue;
    }
    if (c.field === "redirect") {
      const from = redirect(a, c, st);
      if (from !== undefined) context = { ...context, stdinFile: from };
    }
  }
  if (argv.length === 0) return st;
  if (context.stdin === undefined && context.stdinFile !== undefined) {
    const text = a.readAt(context.stdinFile, st);
    if (text !== undefined) context = { ...context, stdin: text };
  }
  return a.exec(argv, st, context);
}
