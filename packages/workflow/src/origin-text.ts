// How a change's origin reads (issue 21): short in `axiom log` and the review page's timeline, a
// phrase in `axiom show`. One wording for every front end.

export interface OriginFacts {
  origin?: { surface: "cli" | "mcp"; tool?: string };
  branch?: string;
}

export function originShort(a: OriginFacts): string {
  if (a.branch) return "pr";
  if (!a.origin) return "?";
  if (a.origin.surface === "cli") return "cli";
  return a.origin.tool ? `mcp:${a.origin.tool.replace(/^axiom_/, "")}` : "mcp";
}

export function originPhrase(a: OriginFacts): string {
  const via = !a.origin
    ? "unknown (applied before AXIOM recorded origins, or the record is gone)"
    : a.origin.surface === "cli"
      ? "CLI (axiom apply)"
      : `MCP tool ${a.origin.tool ?? "(unknown tool)"}`;
  return a.branch ? `${via}, committed on PR branch ${a.branch}` : via;
}
