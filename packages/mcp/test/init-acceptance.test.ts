// issue 19 acceptance "`axiom init` in a fresh repo, then the server entry it wrote, refuses an
// overwrite of `.github/workflows/ci.yml` by the init profile", and "the server entry it wrote
// starts and lists the tools": each entry init wrote is spawned exactly as written (command + args,
// the workspace variable expanded as the harness does) and driven over the real MCP SDK client.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { tempRepo } from "@codai/axiom-testkit";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { describe, expect, it } from "vitest";
import { scanToml, tomlGet } from "../src/harness/doctor/toml";
import { init, PLAIN_PATH, readJson, WF } from "./wiring-helpers";

interface Entry {
  file: string;
  command: string;
  args: string[];
}

/** Every server entry init wrote under `root`, as the harness would start it. */
async function writtenEntries(root: string): Promise<Entry[]> {
  const out: Entry[] = [];
  const json: [string, string][] = [
    [".vscode/mcp.json", "servers"],
    [".mcp.json", "mcpServers"],
    [".github/mcp.json", "mcpServers"],
    [".cursor/mcp.json", "mcpServers"],
    [".gemini/settings.json", "mcpServers"],
  ];
  for (const [file, key] of json) {
    const doc = await readJson(join(root, file)).catch(() => undefined);
    const e = doc?.[key]?.axiom;
    if (e) out.push({ file, command: e.command, args: e.args.map((a: string) => a.split(WF).join(root)) });
  }
  const toml = await readFile(join(root, ".codex/config.toml"), "utf8").catch(() => undefined);
  if (toml !== undefined) {
    const s = scanToml(toml);
    if (!s.ok) throw new Error(s.why);
    out.push({
      file: ".codex/config.toml",
      command: tomlGet(s, ["mcp_servers", "axiom", "command"]) as string,
      args: tomlGet(s, ["mcp_servers", "axiom", "args"]) as string[],
    });
  }
  return out;
}

async function connect(e: Entry, home: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: e.command,
    args: e.args,
    env: { PATH: PLAIN_PATH, HOME: home, LANG: "C.UTF-8" },
    stderr: "pipe",
  });
  const client = new Client({ name: "axiom-init-acceptance", version: "1.0.0" }, { capabilities: {} });
  await client.connect(transport);
  return client;
}

const CI = "name: ci\non: push\njobs: {}\n";

describe("init wires what it writes (issue 19 item 5)", () => {
  it("fresh repo → `axiom init` → the entry it wrote refuses an axiom_write overwrite of .github/workflows/ci.yml under the init profile", async () => {
    const repo = await tempRepo({ "README.md": "# shop\n", ".github/workflows/ci.yml": CI }, { git: true });
    const home = join(repo.root, "..", `${repo.root.split("/").pop()}-home`);
    const { json } = await init({ root: repo.root, home });
    const entries = await writtenEntries(repo.root);
    expect(entries.map((e) => e.file)).toEqual([".github/mcp.json"]);
    const entry = entries[0] as Entry;
    expect(entry.args).toContain("--profile");
    const client = await connect(entry, home);
    try {
      const r = (await client.callTool({
        name: "axiom_write",
        arguments: {
          root: repo.root,
          files: [{ path: ".github/workflows/ci.yml", content: "name: ci\non: push\njobs: { pwn: {} }\n" }],
        },
      })) as { structuredContent?: Record<string, unknown>; isError?: boolean };
      expect(r.isError).not.toBe(true);
      const out = r.structuredContent as {
        status: string;
        error?: { code: string };
        checks?: { verdict: string; profile: string; findings: { id: string; predicate: string; path?: string }[] };
      };
      expect(out.status).toBe("failed");
      expect(out.error?.code).toBe("ERR_CHECKS_FAILED");
      // The init profile is the one in force, and its own check refuses the overwrite.
      expect(out.checks?.profile).toBe(json.profile);
      expect(out.checks?.verdict).toBe("fail");
      expect(out.checks?.findings).toContainEqual(
        expect.objectContaining({ predicate: "repo.noOverwriteOf", path: ".github/workflows/ci.yml" }),
      );
    } finally {
      await client.close();
    }
    expect(await repo.read(".github/workflows/ci.yml")).toBe(CI);
  });

  it("every harness's entry starts as written and lists the core tools; a benign write previews under the init profile", async () => {
    const repo = await tempRepo({ "README.md": "# shop\n" }, { git: true });
    const home = join(repo.root, "..", `${repo.root.split("/").pop()}-home`);
    let profile = "";
    for (const h of ["claude", "codex", "copilot", "gemini", "vscode", "cursor"]) {
      const r = await init({ root: repo.root, home }, ["--harness", h]);
      expect(r.run.code).toBe(0);
      profile = r.json.profile;
    }
    const entries = await writtenEntries(repo.root);
    expect(entries.map((e) => e.file).sort()).toEqual([
      ".codex/config.toml",
      ".cursor/mcp.json",
      ".gemini/settings.json",
      ".github/mcp.json",
      ".mcp.json",
      ".vscode/mcp.json",
    ]);
    for (const e of entries) {
      const client = await connect(e, home);
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        expect(names, e.file).toEqual(
          expect.arrayContaining(["axiom_write", "axiom_apply", "axiom_rollback", "axiom_status"]),
        );
        const r = (await client.callTool({
          name: "axiom_write",
          arguments: { root: repo.root, files: [{ path: "src/a.ts", content: "export const a = 1;\n" }] },
        })) as { structuredContent?: { status: string; checks?: { profile: string } } };
        expect([e.file, r.structuredContent?.status, r.structuredContent?.checks?.profile]).toEqual([
          e.file,
          "preview",
          profile,
        ]);
      } finally {
        await client.close();
      }
    }
  });
});
