// Stryker ignorer plugin "axiom-message-text" (StrykerJS "Disable mutants" → "Using an
// ignore-plugin", available since 7.3): marks the mutants inside error-message text as Ignored, so
// they stay in the report but out of the score. AXIOM's tests branch on error codes, never on
// message wording (test standards, README), so a mutant that only rewords a message is not a test
// gap. Blunter documented options were rejected: `mutator.excludedMutations: ["StringLiteral"]`
// would also drop digests, regex sources, path literals and error codes; `// Stryker disable`
// comments would scatter through production code for one repeated pattern.
//
// A node is message text when it is a "message expression" (below) standing in one of four places:
//   1. the value of an object property named `message` (`axiomError(code, { message: … })`,
//      `{ kind: "corrupt", message: … }`, a finding's `{ code, message }`);
//   2. the first message-expression argument of `new XError(…)` or `XError(…)` (X… capitalised,
//      e.g. Error, TypeError, JcsError, CanonKeyError): the message parameter; a later string
//      argument (JcsError's `path`) is data and keeps its mutants;
//   3. the first message-expression argument of `super(…)` in a class extending `…Error`;
//   4. a message-expression argument of a call to a helper declared in the same module (a function
//      declaration, or a `const` initialised with an arrow / function expression, found through
//      Babel's scope, not by name) whose parameter at that position is used only inside the value of
//      a `message` property (place 1) — never reassigned, spread or read anywhere else in the helper.
//      Such a parameter can only become message text, so its argument is message text too: the
//      gate's `deny(message, path)` (shell/decide.ts), the human step's `refuse(req, reason,
//      message)`, the journal's `corrupt(file, reason)`. The rule follows the data, not names: a
//      parameter that also reaches a `path`, a code or `details` (deny's `p`, refuse's `reason`,
//      corrupt's `file`) keeps its argument's mutants, and so does an imported helper (its body is
//      in another module: `failClosed(code, message)` stays scored). A name list (`deny`, `fail`)
//      was rejected: it would ignore a `deny(…)` whose first argument is a path, and miss the next
//      helper that builds a message.
// A message expression is a string literal that is not an error code (/^ERR_[A-Z0-9_]+$/: codes
// are behaviour), a template literal, a `+` concatenation, a `? :` or `??` / `||` whose branches
// include one. Ignoring the node ignores every mutant inside it (Stryker skips the whole subtree),
// which is right for a message: whatever is computed there only reaches the message text.
import { declareClassPlugin, PluginKind } from "@stryker-mutator/api/plugin";

export const IGNORER_NAME = "axiom-message-text";
export const IGNORE_REASON = "error-message text: tests branch on codes, not wording (docs/test-strength.md)";

const ERROR_CODE = /^ERR_[A-Z0-9_]+$/;
const ERROR_CLASS = /^(?:[A-Z]\w*)?Error$/;

/** True for an expression that builds message text (see header). */
export function isMessageExpression(node) {
  switch (node?.type) {
    case "StringLiteral":
      return !ERROR_CODE.test(node.value);
    case "TemplateLiteral":
      return true;
    case "BinaryExpression":
      return node.operator === "+" && (isMessageExpression(node.left) || isMessageExpression(node.right));
    case "LogicalExpression":
      return (
        (node.operator === "??" || node.operator === "||") &&
        (isMessageExpression(node.left) || isMessageExpression(node.right))
      );
    case "ConditionalExpression":
      return isMessageExpression(node.consequent) || isMessageExpression(node.alternate);
    default:
      return false;
  }
}

function calleeName(callee) {
  if (callee?.type === "Identifier") return callee.name;
  if (callee?.type === "MemberExpression" && !callee.computed && callee.property.type === "Identifier") {
    return callee.property.name;
  }
  return undefined;
}

function isPropertyNamed(node, name) {
  if (node?.type !== "ObjectProperty" || node.computed) return false;
  return (
    (node.key.type === "Identifier" && node.key.name === name) ||
    (node.key.type === "StringLiteral" && node.key.value === name)
  );
}

function isErrorSuperCall(callPath) {
  if (callPath.node.callee.type !== "Super") return false;
  const cls = callPath.findParent((p) => p.isClassDeclaration() || p.isClassExpression());
  return cls !== null && ERROR_CLASS.test(calleeName(cls.node.superClass) ?? "");
}

/** The function path `stmt` (a top-level statement) declares a helper with, as [name, fn]; else undefined. */
function topLevelHelper(stmt) {
  const decl = stmt.isExportNamedDeclaration() ? stmt.get("declaration") : stmt;
  if (decl.isFunctionDeclaration() && decl.node.id) return [decl.node.id.name, decl];
  if (!decl.isVariableDeclaration({ kind: "const" }) || decl.node.declarations.length !== 1) return undefined;
  const d = decl.get("declarations.0");
  const init = d.get("init");
  if (d.node.id.type !== "Identifier" || !(init.isArrowFunctionExpression() || init.isFunctionExpression())) {
    return undefined;
  }
  return [d.node.id.name, init];
}

/** True when the parameter at `index` of `fn` is read, and only read, inside `message` property values. */
function paramOnlyMessage(fn, index) {
  let param = fn.node.params[index];
  if (param?.type === "AssignmentPattern") param = param.left;
  if (param?.type !== "Identifier") return false;
  const binding = fn.scope.getBinding(param.name);
  if (binding === undefined || binding.kind !== "param" || binding.constantViolations.length > 0) return false;
  const refs = binding.referencePaths;
  return (
    refs.length > 0 &&
    refs.every((ref) => {
      const value = ref.find((p) => p.key === "value" && isPropertyNamed(p.parent, "message"));
      return value?.isDescendant(fn) === true;
    })
  );
}

// Place 4 is decided on the untouched tree: Stryker places mutants on the way back up, so by the time
// a call is visited its helper's body may already hold mutant switches (and stale scope paths). The
// first node the ignorer is asked about in a file is its Program (entered before anything is
// placed), so the module's helpers are read then, once per file.
const helpersByProgram = new WeakMap();

/** name → indices of message-only parameters, for the top-level helpers of `program`. */
function messageHelpers(program) {
  let helpers = helpersByProgram.get(program.node);
  if (helpers !== undefined) return helpers;
  helpers = new Map();
  for (const stmt of program.get("body")) {
    const found = topLevelHelper(stmt);
    if (found === undefined) continue;
    const [name, fn] = found;
    if (program.scope.getBinding(name)?.constantViolations.length) continue;
    const indices = fn.node.params.map((_, i) => i).filter((i) => paramOnlyMessage(fn, i));
    if (indices.length > 0) helpers.set(name, indices);
  }
  helpersByProgram.set(program.node, helpers);
  return helpers;
}

/** Place 4: `node` is the argument at a message-only parameter of a top-level helper of this module. */
function isMessageHelperArgument(callPath, node) {
  const call = callPath.node;
  if (call.type !== "CallExpression" || call.callee.type !== "Identifier") return false;
  const binding = callPath.scope.getBinding(call.callee.name);
  // The name must resolve to the module's own top-level declaration (not a parameter or import).
  if (binding === undefined || !binding.scope.path.isProgram()) return false;
  const index = call.arguments.indexOf(node);
  if (call.arguments.slice(0, index + 1).some((a) => a.type === "SpreadElement")) return false;
  const helpers = helpersByProgram.get(binding.scope.path.node);
  return helpers?.get(call.callee.name)?.includes(index) === true;
}

/** The ignore reason for the node at `path`, or undefined when its mutants count. */
export function messageTextReason(path) {
  const node = path.node;
  if (!isMessageExpression(node)) return undefined;
  const parent = path.parentPath;
  if (parent === null) return undefined;
  if (path.key === "value" && isPropertyNamed(parent.node, "message")) return IGNORE_REASON;
  if (path.listKey !== "arguments") return undefined;
  const call = parent.node;
  if (call.type !== "NewExpression" && call.type !== "CallExpression") return undefined;
  if (isMessageHelperArgument(parent, node)) return IGNORE_REASON;
  const isErrorCall = ERROR_CLASS.test(calleeName(call.callee) ?? "") || isErrorSuperCall(parent);
  if (!isErrorCall) return undefined;
  // Only the first message expression among the arguments is the message parameter.
  return call.arguments.find(isMessageExpression) === node ? IGNORE_REASON : undefined;
}

export class MessageTextIgnorer {
  shouldIgnore(path) {
    if (path.isProgram()) messageHelpers(path);
    return messageTextReason(path);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Ignore, IGNORER_NAME, MessageTextIgnorer)];
