// Stryker ignorer plugin "axiom-message-text" (StrykerJS "Disable mutants" → "Using an
// ignore-plugin", available since 7.3): marks the mutants inside error-message text as Ignored, so
// they stay in the report but out of the score. AXIOM's tests branch on error codes, never on
// message wording (test standards, README), so a mutant that only rewords a message is not a test
// gap. Blunter documented options were rejected: `mutator.excludedMutations: ["StringLiteral"]`
// would also drop digests, regex sources, path literals and error codes; `// Stryker disable`
// comments would scatter through production code for one repeated pattern.
//
// A node is message text when it is a "message expression" (below) standing in one of three places:
//   1. the value of an object property named `message` (`axiomError(code, { message: … })`,
//      `{ kind: "corrupt", message: … }`, a finding's `{ code, message }`);
//   2. the first message-expression argument of `new XError(…)` or `XError(…)` (X… capitalised,
//      e.g. Error, TypeError, JcsError, CanonKeyError): the message parameter; a later string
//      argument (JcsError's `path`) is data and keeps its mutants;
//   3. the first message-expression argument of `super(…)` in a class extending `…Error`.
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
  const isErrorCall = ERROR_CLASS.test(calleeName(call.callee) ?? "") || isErrorSuperCall(parent);
  if (!isErrorCall) return undefined;
  // Only the first message expression among the arguments is the message parameter.
  return call.arguments.find(isMessageExpression) === node ? IGNORE_REASON : undefined;
}

export class MessageTextIgnorer {
  shouldIgnore(path) {
    return messageTextReason(path);
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Ignore, IGNORER_NAME, MessageTextIgnorer)];
