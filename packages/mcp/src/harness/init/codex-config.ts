// Codex's MCP server entry: `[mcp_servers.axiom]` in the project layer `.codex/config.toml`, which
// Codex reads in a trusted project (decisions HOOK-41). TOML is merged as text: init appends its
// tables to a file it can read and leaves any other layout to the person (never rewritten blind).
import { scanToml, startsWith, tomlString } from "../doctor/toml";
import { serverArgs, type Wiring } from "./entries";
import { atomicWrite, type FileResult, readExisting, replaceWithBackup, type WriteContext } from "./write-rules";

export const CODEX_CONFIG = ".codex/config.toml";
/** The three SENSITIVE tools: Codex asks before every call (`approve` would skip the person). */
const PROMPTED = ["axiom_apply", "axiom_write", "axiom_rollback"];

const tomlArray = (xs: string[]) => `[${xs.map(tomlString).join(", ")}]`;

/** The tables init owns in a Codex config file. */
export function codexServerTables(w: Wiring): string {
  const lines = [
    "[mcp_servers.axiom]",
    `command = ${tomlString(w.cmd.command)}`,
    `args = ${tomlArray(serverArgs(w, "codex", w.root))}`,
  ];
  for (const tool of PROMPTED) lines.push("", `[mcp_servers.axiom.tools.${tool}]`, 'approval_mode = "prompt"');
  return `${lines.join("\n")}\n`;
}

type Plan =
  | { kind: "present" }
  | { kind: "append" }
  | { kind: "replace"; text: string }
  | { kind: "skip"; why: string };

/** Where `mcp_servers.axiom` already lives in `text`, and what init may do about it. */
function planMerge(text: string, force: boolean): Plan {
  const scan = scanToml(text);
  if (!scan.ok) return { kind: "skip", why: `${scan.why}; add the [mcp_servers.axiom] table by hand` };
  const axiom = ["mcp_servers", "axiom"];
  // A statement outside our own headers that sets mcp_servers, mcp_servers.axiom or a key below it
  // (an inline table, dotted keys) is a layout init must not touch: a header appended after it
  // could redefine a table, which TOML forbids.
  const ownHeaders = scan.headers.filter((h) => startsWith(h.path, axiom));
  const inline = scan.entries.some(
    (e) =>
      (startsWith(e.stmt, axiom) || startsWith(axiom, e.stmt)) &&
      !ownHeaders.some((h) => e.stmt.length > h.path.length && startsWith(e.stmt, h.path)),
  );
  if (inline)
    return { kind: "skip", why: "mcp_servers.axiom is set by dotted keys or an inline table; edit it by hand" };
  if (ownHeaders.length === 0) return { kind: "append" };
  if (!force) return { kind: "present" };
  // Drop our header blocks (each runs to the next header) and append the fresh tables.
  let out = "";
  let at = 0;
  for (const h of ownHeaders) {
    out += text.slice(at, h.start);
    at = h.end;
  }
  return { kind: "replace", text: out + text.slice(at) };
}

function appendTables(text: string, tables: string): string {
  if (text.length === 0) return tables;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const body = text.endsWith("\n") ? text : `${text}${eol}`;
  return `${body}${eol}${tables.replace(/\n/g, eol)}`;
}

export async function writeCodexConfig(ctx: WriteContext, w: Wiring): Promise<FileResult> {
  const rel = CODEX_CONFIG;
  const tables = codexServerTables(w);
  const existing = await readExisting(ctx.root, rel);
  if (existing === undefined) {
    await atomicWrite(ctx.root, rel, tables);
    return { path: rel, action: "created" };
  }
  const plan = planMerge(existing, ctx.force);
  if (plan.kind === "skip") return { path: rel, action: "skipped", reason: plan.why };
  if (plan.kind === "present") return { path: rel, action: "skipped", reason: "already configured" };
  if (plan.kind === "append") return replaceWithBackup(ctx, rel, existing, appendTables(existing, tables), "merged");
  const rest = plan.text.replace(/\s+$/, "");
  const eol = existing.includes("\r\n") ? "\r\n" : "\n";
  const text = rest === "" ? tables : appendTables(`${rest}${eol}`, tables);
  return replaceWithBackup(ctx, rel, existing, text, "updated");
}
