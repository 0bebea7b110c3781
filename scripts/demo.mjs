#!/usr/bin/env node
// `npm run demo` (issue 5): build the CLI, make a scratch git repo, start `axiom mcp --root
// <scratch>` over stdio and drive it with the real MCP SDK client through
// write-preview → confirm → status → rollback, printing a short readable transcript.
// Options: --keep (leave the scratch repo on disk), --no-build (dist/ is fresh already: the test).
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
const CLI = join(REPO, "packages/mcp/dist/cli.cjs");
const keep = process.argv.includes("--keep");
const out = (line = "") => process.stdout.write(`${line}\n`);
const section = (title) => out(`\n── ${title} ${"─".repeat(Math.max(0, 60 - title.length))}`);
const indent = (text) =>
  text
    .replace(/\n$/, "")
    .split("\n")
    .map((l) => `   ${l}`)
    .join("\n");

/** Real git with a scrubbed env; argv arrays, never a shell. */
function git(cwd, args) {
  execFileSync("git", args, {
    cwd,
    stdio: "ignore",
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: cwd,
      GIT_AUTHOR_NAME: "AXIOM demo",
      GIT_AUTHOR_EMAIL: "demo@example.invalid",
      GIT_COMMITTER_NAME: "AXIOM demo",
      GIT_COMMITTER_EMAIL: "demo@example.invalid",
    },
  });
}

async function call(client, name, args) {
  const r = await client.callTool({ name, arguments: args });
  // An isError result is `CODE: message`, then the error object's JSON (MCP-15).
  const body = r.structuredContent ?? JSON.parse(r.content[r.isError ? 1 : 0].text);
  if (r.isError) throw new Error(`${name} failed: ${JSON.stringify(body)}`);
  return body;
}

async function main() {
  section("build");
  if (!process.argv.includes("--no-build"))
    execFileSync(process.execPath, [join(REPO, "scripts/build.mjs")], { stdio: ["ignore", "ignore", "inherit"] });
  out(`   ${CLI}`);

  const root = await realpath(await mkdtemp(join(tmpdir(), "axiom-demo-")));
  try {
    section("scratch repo");
    await writeFile(join(root, "README.md"), "# scratch\n\nHello.\n");
    try {
      git(root, ["init", "-q"]);
      git(root, ["add", "README.md"]);
      git(root, ["commit", "-q", "-m", "initial"]);
      out(`   ${root} (git repo, 1 commit)`);
    } catch {
      out(`   ${root} (git not available: a plain directory)`);
    }

    section("axiom mcp over stdio");
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp", "--root", root],
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: root, LANG: "C.UTF-8" },
      stderr: "ignore",
    });
    const client = new Client({ name: "axiom-demo", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
    await client.connect(transport);
    const tools = (await client.listTools()).tools.map((t) => t.name);
    out(`   connected; ${tools.length} tools: ${tools.join(", ")}`);

    const files = [
      // An existing file by edits (only the changed text travels), a new one by content.
      { path: "README.md", edits: [{ oldText: "Hello.", newText: "Hello from AXIOM." }] },
      { path: "src/greet.txt", content: "hi\n" },
    ];
    const intent = "demo: edit the README and add a file";

    section("1. axiom_write preview (nothing written)");
    const preview = await call(client, "axiom_write", { root, files, intent });
    out(`   status:   ${preview.status} (${preview.mode})`);
    out(`   digest:   ${preview.manifestDigest}`);
    out(`   checks:   ${preview.checks?.verdict}`);
    out("   diff:");
    out(indent(preview.diff ?? ""));

    section("2. axiom_write confirm (echo the digest)");
    out("   (an elicitation-capable client would now ask a person to type");
    out(`    ${preview.manifestDigest.slice(7, 19)}; this demo client declares no elicitation)`);
    const applied = await call(client, "axiom_write", { root, files, intent, confirmDigest: preview.manifestDigest });
    out(`   status:   ${applied.status}`);
    for (const f of applied.files ?? []) out(`   ${f.op.padEnd(9)} ${f.path} → ${f.status}`);
    out(`   README.md now: ${JSON.stringify(await readFile(join(root, "README.md"), "utf8"))}`);

    section("3. axiom_status");
    const status = await call(client, "axiom_status", { root });
    out(indent(JSON.stringify(status, null, 2)));

    section("4. axiom_rollback");
    const rb = await call(client, "axiom_rollback", { root, manifestDigest: preview.manifestDigest });
    out(`   status:   ${rb.status} (phase ${rb.phase}, ${rb.steps.length} journal steps)`);
    out(`   README.md now: ${JSON.stringify(await readFile(join(root, "README.md"), "utf8"))}`);
    const after = await call(client, "axiom_status", { root });
    out(`   chain:    ${JSON.stringify(after.chain)}`);

    await client.close();
    section("done");
    out(keep ? `   scratch repo kept at ${root}` : "   scratch repo removed (pass --keep to inspect it)");
  } finally {
    if (!keep) await rm(root, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`demo failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
