// Static validation of a parsed CEL expression (checks.md §4.9): function allowlist, literal-only
// safe regexes, and the structural limits. Everything here maps to ERR_PREDICATE_PARAMS; it runs
// before any evaluation, so a refused expression never touches the facts.
import { unsafeRegexReason } from "./regex-safety";

export const CEL_LIMITS = Object.freeze({
  maxDepth: 24,
  maxNodes: 2000,
  maxEntries: 256,
  maxCallArgs: 8,
  budgetMs: 100,
});

export const CEL_ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  "has",
  "all",
  "exists",
  "exists_one",
  "map",
  "filter",
  "size",
  "contains",
  "startsWith",
  "endsWith",
  "matches",
  "lowerAscii",
  "upperAscii",
  "trim",
  "split",
  "join",
  "indexOf",
  "lastIndexOf",
  "substring",
  "string",
  "int",
  "uint",
  "double",
  "bool",
  "bytes",
  "dyn",
  "type",
]);

/** The parts of a cel-js AST node this walker reads. */
export interface CelNode {
  op: string;
  args: unknown;
}

export interface CelStaticIssue {
  /** Machine-readable reason: function, regex, depth, nodes, entries, callArgs. */
  rule: "function" | "regex" | "depth" | "nodes" | "entries" | "callArgs";
  message: string;
  facts: Record<string, string | number>;
}

export interface CelStaticResult {
  issue?: CelStaticIssue;
  /** Every identifier the expression mentions (variables and iteration variables). */
  identifiers: Set<string>;
  nodes: number;
  depth: number;
}

const isNode = (v: unknown): v is CelNode =>
  typeof v === "object" && v !== null && typeof (v as { op?: unknown }).op === "string";

/** Child nodes of a node, whatever the operator's argument layout (arrays nest at most twice). */
function childrenOf(node: CelNode): CelNode[] {
  const out: CelNode[] = [];
  const visit = (v: unknown, level: number) => {
    if (isNode(v)) out.push(v);
    else if (Array.isArray(v) && level < 3) for (const x of v) visit(x, level + 1);
  };
  if (node.op !== "value" && node.op !== "id") visit(node.args, 0);
  return out;
}

function callParts(node: CelNode): { name: string; args: CelNode[] } | undefined {
  const a = node.args as unknown[];
  if (node.op === "call") return { name: String(a[0]), args: (a[1] as CelNode[]) ?? [] };
  if (node.op === "rcall") return { name: String(a[0]), args: (a[2] as CelNode[]) ?? [] };
  return undefined;
}

function checkNode(node: CelNode): CelStaticIssue | undefined {
  if (node.op === "list") {
    const n = (node.args as unknown[]).length;
    if (n > CEL_LIMITS.maxEntries)
      return {
        rule: "entries",
        message: `list literal with ${n} entries`,
        facts: { entries: n, max: CEL_LIMITS.maxEntries },
      };
  }
  if (node.op === "map") {
    const n = (node.args as unknown[]).length;
    if (n > CEL_LIMITS.maxEntries)
      return {
        rule: "entries",
        message: `map literal with ${n} entries`,
        facts: { entries: n, max: CEL_LIMITS.maxEntries },
      };
  }
  const call = callParts(node);
  if (!call) return undefined;
  if (!CEL_ALLOWED_FUNCTIONS.has(call.name))
    return { rule: "function", message: `function ${call.name} is not allowed`, facts: { function: call.name } };
  if (call.args.length > CEL_LIMITS.maxCallArgs)
    return {
      rule: "callArgs",
      message: `${call.name} called with ${call.args.length} arguments`,
      facts: { function: call.name, args: call.args.length, max: CEL_LIMITS.maxCallArgs },
    };
  if (call.name === "matches") {
    // receiver form s.matches(re) or global form matches(s, re): the pattern is the last argument.
    const pattern = call.args[call.args.length - 1];
    if (pattern?.op !== "value" || typeof pattern.args !== "string")
      return { rule: "regex", message: "matches() needs a string literal pattern", facts: { reason: "not a literal" } };
    const reason = unsafeRegexReason(pattern.args);
    if (reason) return { rule: "regex", message: `unsafe regex: ${reason}`, facts: { reason, pattern: pattern.args } };
  }
  return undefined;
}

/** Walks the AST once (iteratively: depth is bounded by the check, not by the JS stack). */
export function validateCelAst(root: CelNode): CelStaticResult {
  const identifiers = new Set<string>();
  let nodes = 0;
  let depth = 0;
  let issue: CelStaticIssue | undefined;
  const stack: [CelNode, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [node, d] = stack.pop() as [CelNode, number];
    nodes++;
    depth = Math.max(depth, d);
    if (node.op === "id" && typeof node.args === "string") identifiers.add(node.args);
    issue ??= checkNode(node);
    for (const child of childrenOf(node)) stack.push([child, d + 1]);
  }
  if (!issue && depth > CEL_LIMITS.maxDepth)
    issue = {
      rule: "depth",
      message: `AST depth ${depth} exceeds ${CEL_LIMITS.maxDepth}`,
      facts: { depth, max: CEL_LIMITS.maxDepth },
    };
  if (!issue && nodes > CEL_LIMITS.maxNodes)
    issue = {
      rule: "nodes",
      message: `${nodes} AST nodes exceed ${CEL_LIMITS.maxNodes}`,
      facts: { nodes, max: CEL_LIMITS.maxNodes },
    };
  return { issue, identifiers, nodes, depth };
}
