// Which walk each statement kind of the grammar gets (decisions SEC-3), as a table: blocks run in
// order, a subshell on a copy of the state (its `cd` does not leak), functions at definition and
// at each call, and every kind not listed through the generic walk (statements inside, substitutions
// anywhere), so a node the table does not know still has its `$(…)` judged.
import type { SyntaxNode } from "../parser";
import type { Analyzer } from "./analyzer";
import { assign, declaration, unset } from "./assignments";
import { command } from "./command";
import { caseStatement, forStatement, ifStatement, list, loop } from "./control";
import { redirect, redirected } from "./redirections";
import { copy, type ExecContext, type State } from "./state";
import { pipeline } from "./stdin-text";

type Walk = (a: Analyzer, node: SyntaxNode, st: State, ctx: ExecContext) => State;

const block: Walk = (a, node, st) => a.sequence(node.children, st);

const subshell: Walk = (a, node, st) => {
  a.sequence(node.children, copy(st));
  return st;
};

const pipelineStatement: Walk = (a, node, st, ctx) => {
  pipeline(
    a,
    node.children.filter((c) => c.named),
    st,
    ctx,
  );
  return st;
};

const assignment: Walk = (a, node, st) => {
  assign(a, node, st);
  return st;
};

const assignments: Walk = (a, node, st) => {
  for (const c of node.children) if (c.type === "variable_assignment") assign(a, c, st);
  return st;
};

const functionDefinition: Walk = (a, node, st) => {
  const name = node.children.find((c) => c.field === "name");
  const body = node.children.find((c) => c.field === "body");
  if (name && body) a.defineFunction(name.text, body);
  // Walked where it is defined too: the body's writes are judged even if it is never called.
  if (body) a.statement(body, copy(st));
  for (const r of node.children.filter((c) => c.field === "redirect")) redirect(a, r, st);
  return st;
};

const WALKS = new Map<string, Walk>([
  ["comment", (_a, _node, st) => st],
  ["program", block],
  ["compound_statement", block],
  ["do_group", block],
  ["negated_command", block],
  ["subshell", subshell],
  ["list", (a, node, st) => list(a, node, st)],
  ["pipeline", pipelineStatement],
  ["redirected_statement", redirected],
  ["command", command],
  ["variable_assignment", assignment],
  ["variable_assignments", assignments],
  ["declaration_command", (a, node, st) => declaration(a, node, st)],
  ["unset_command", (_a, node, st) => unset(node, st)],
  ["function_definition", functionDefinition],
  ["if_statement", (a, node, st) => ifStatement(a, node, st)],
  ["while_statement", (a, node, st) => loop(a, node, st)],
  ["c_style_for_statement", (a, node, st) => loop(a, node, st)],
  ["for_statement", (a, node, st) => forStatement(a, node, st)],
  ["case_statement", (a, node, st) => caseStatement(a, node, st)],
]);

/** Walks one statement; test_command, ERROR and any other kind take the generic walk. */
export function walkStatement(a: Analyzer, node: SyntaxNode, st: State, ctx: ExecContext): State {
  const walk = WALKS.get(node.type);
  return walk === undefined ? a.generic(node, st) : walk(a, node, st, ctx);
}
