// Node kinds of the tree-sitter-bash grammar the walk treats as statements (decisions SEC-2): a
// child of one of these kinds is walked as a statement wherever it hangs (a heredoc redirect, for
// instance, carries the rest of its pipeline), anything else only for its substitutions.
import type { SyntaxNode } from "../parser";

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

/** Whether error recovery touched the tree (an ERROR node or a MISSING token anywhere). */
export function hasError(n: SyntaxNode): boolean {
  return n.broken || n.children.some(hasError);
}
