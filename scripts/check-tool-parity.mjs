// CI guard (mcp.md §14.4): tools.json, codai-tools.json, the tool table of packages/mcp/README.md
// and the one of docs/mcp.md must agree, and neither doc may name an unregistered axiom_* tool.
// A missing or unparsable file is itself a failure. Override paths with --tools/--codai/--readme/--docs.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual, parseArgs } from "node:util";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const RISK_WORD = { READ: "read", ACT: "act", SENSITIVE: "destructive" };

function readJson(path, problems) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    problems.push(`${path}: cannot read or parse (${err.code ?? err.message})`);
    return undefined;
  }
}

/** Rows of the one table whose header begins `| Tool | Risk |`: [{name, core, risk}]. */
export function docTable(text) {
  const lines = text.split(/\r?\n/);
  const starts = lines.map((l, i) => (/^\|\s*Tool\s*\|\s*Risk\s*\|/.test(l) ? i : -1)).filter((i) => i >= 0);
  if (starts.length !== 1) return { error: `expected exactly one "| Tool | Risk |" table, found ${starts.length}` };
  const rows = [];
  for (let i = starts[0] + 2; i < lines.length && lines[i].startsWith("|"); i++) {
    const cells = lines[i]
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
    const m = /^`(axiom_[a-z_]+)`(\s+core)?$/.exec(cells[0] ?? "");
    if (!m) return { error: `bad first cell in row: ${lines[i]}` };
    rows.push({ name: m[1], core: Boolean(m[2]), risk: cells[1] ?? "" });
  }
  return { rows };
}

export function checkParity(paths) {
  const problems = [];
  const tools = readJson(paths.tools, problems);
  const codai = readJson(paths.codai, problems);
  if (
    tools !== undefined &&
    (!Array.isArray(tools) ||
      tools.length === 0 ||
      !tools.every((t) => t && typeof t === "object" && typeof t.name === "string"))
  ) {
    problems.push("tools.json is not a non-empty array of objects with name");
  }
  if (problems.length > 0) return problems;
  const names = tools.map((t) => t.name);
  const registered = new Set(names);

  if (codai.version !== "2.0.0") problems.push(`codai-tools.json version ${JSON.stringify(codai.version)} != "2.0.0"`);
  const ct = Array.isArray(codai.tools) ? codai.tools : [];
  if (
    !isDeepStrictEqual(
      ct.map((t) => t.name),
      names,
    )
  )
    problems.push("codai-tools.json names or order differ from tools.json");
  else {
    tools.forEach((t, i) => {
      const c = ct[i];
      if (c.risk !== t.riskClass) problems.push(`codai-tools.json ${t.name}: risk ${c.risk} != ${t.riskClass}`);
      if (c.toolset !== t.toolset) problems.push(`codai-tools.json ${t.name}: toolset differs`);
      if (c.description !== t.description) problems.push(`codai-tools.json ${t.name}: description differs`);
      const { $schema: _, ...params } = t.inputSchema ?? {};
      if (!isDeepStrictEqual(c.parameters, params))
        problems.push(`codai-tools.json ${t.name}: parameters != inputSchema without $schema`);
    });
  }

  for (const doc of [paths.readme, paths.docs]) {
    let text;
    try {
      text = readFileSync(doc, "utf8");
    } catch (err) {
      problems.push(`${doc}: cannot read (${err.code ?? err.message})`);
      continue;
    }
    for (const m of text.matchAll(/\baxiom_[a-z_]+\b/g)) {
      if (!registered.has(m[0])) problems.push(`${doc}: mentions unregistered tool ${m[0]}`);
    }
    const table = docTable(text);
    if (table.error) {
      problems.push(`${doc}: ${table.error}`);
      continue;
    }
    const seen = new Set(table.rows.map((r) => r.name));
    for (const t of tools) {
      const row = table.rows.find((r) => r.name === t.name);
      if (!row) {
        problems.push(`${doc}: tool ${t.name} missing from the table`);
        continue;
      }
      if (row.core !== (t.toolset === "core")) problems.push(`${doc}: ${t.name} core marker wrong`);
      if (row.risk !== RISK_WORD[t.riskClass])
        problems.push(`${doc}: ${t.name} risk "${row.risk}" != "${RISK_WORD[t.riskClass]}"`);
    }
    for (const name of seen) if (!registered.has(name)) problems.push(`${doc}: extra tool ${name} in the table`);
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      tools: { type: "string" },
      codai: { type: "string" },
      readme: { type: "string" },
      docs: { type: "string" },
    },
  });
  const problems = checkParity({
    tools: values.tools ?? join(repo, "packages/mcp/spec/tools.json"),
    codai: values.codai ?? join(repo, "packages/mcp/spec/codai-tools.json"),
    readme: values.readme ?? join(repo, "packages/mcp/README.md"),
    docs: values.docs ?? join(repo, "docs/mcp.md"),
  });
  for (const p of problems) process.stderr.write(`tool parity: ${p}\n`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
