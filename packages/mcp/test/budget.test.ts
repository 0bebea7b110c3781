// Issue 12 (deterministic budgets), cli.md §1.1, mcp.md §2, hooks-doctor.md §2.14: sizes and module
// graphs read from esbuild's metafile for the current sources (scripts/build.mjs, write: false), so
// stale chunks left in dist by earlier builds never count.
import { readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type BuildGraph, loadBuildGraph, type MetaOutput, runtimeSibling } from "./build-graph";
import { REPO } from "./cli-run";

const SDK = "@modelcontextprotocol/";
/** The stdio path (issue 12): `< 1 MB`, read as 10^6 bytes so the budget is never rounded in our favour. */
const STDIO_BUDGET = 1_000_000;
const GATE_BUDGET = 300 * 1024;

let graph: BuildGraph;
let outputs: Record<string, MetaOutput>;
let external: string[];
const closure = (entry: string, dynamic: boolean) => graph.closure(entry, dynamic);

beforeAll(async () => {
  graph = await loadBuildGraph();
  ({ outputs, external } = graph);
});

const sdkIn = (s: Set<string>) => [...s].filter((p) => p.startsWith(SDK));

describe("deterministic budgets (issue 12)", () => {
  it("the stdio-path chunk (dist/mcp-lazy.js and every chunk it imports) is < 1 MB", () => {
    const stdio = closure("dist/mcp-lazy.js", false);
    expect(stdio.bytes).toBeLessThan(STDIO_BUDGET);
    // It is the path that does load the SDK (positive control for the negative checks below).
    expect(sdkIn(stdio.externals)).toEqual(
      expect.arrayContaining(["@modelcontextprotocol/server", "@modelcontextprotocol/server/stdio"]),
    );
  });

  it("zod is never bundled: AXIOM's schemas share the installed zod with the SDK, so `axiom mcp` evaluates one copy (SHIP-7)", () => {
    const bundledZod = graph.inputsOf(Object.keys(outputs)).filter((i) => i.includes("node_modules/zod/"));
    expect(bundledZod).toEqual([]);
    // Start-up builds no AXIOM schema (SHIP-8): zod is first imported by the SDK, then by the tool chunk.
    expect(closure("dist/mcp-lazy.js", true).externals).toContain("zod");
  });

  it("`--version` path: dist/cli.cjs bundles nothing; it requires only built-ins and gate.cjs, and imports only cli-main.js", () => {
    const cli = outputs["dist/cli.cjs"] as MetaOutput;
    expect(cli.imports.every((i) => i.external)).toBe(true);
    const files = cli.imports.filter((i) => !isBuiltin(i.path)).map((i) => `${i.kind} ${i.path}`);
    expect(files.sort()).toEqual(["dynamic-import ./cli-main.js", "require-call ./gate.cjs"]);
    expect(cli.bytes).toBeLessThan(4096);
    // The gate route requires gate.cjs (SPEED-9: a hook never starts the ESM loader), never cli-main.
    expect(readFileSync(join(REPO, "packages/mcp/src/entries/cli.ts"), "utf8")).toContain('require("./gate.cjs")');
  });

  it("`gate` path: dist/gate.cjs is one CommonJS file that imports no ES module for a Write; with the shell chunk the whole graph ≤ 300 KB and reaches neither the MCP SDK nor cli-main (hooks-doctor.md §2.14)", () => {
    const stat = closure("dist/gate.cjs", false);
    // picomatch.cjs is required only to compile a glob of the user's own profile (SPEED-18; that a
    // built-in Write runs without it is gate-bundle.test.ts's): both are CommonJS, no ES module.
    expect(stat.files).toEqual(["dist/gate.cjs", "dist/picomatch.cjs"]);
    expect([...stat.externals].every((e) => isBuiltin(e))).toBe(true);
    const gate = closure("dist/gate.cjs", true);
    expect(gate.files).toContain("dist/gate-shell.js");
    expect(gate.bytes).toBeLessThanOrEqual(GATE_BUDGET);
    expect(sdkIn(gate.externals)).toEqual([]);
    expect(gate.files).not.toContain("dist/cli-main.js");
    expect(gate.files).not.toContain("dist/mcp-lazy.js");
  });

  it("decisions SEC-2: the shell parser (web-tree-sitter, bundled, and the judgement) is only in the gate's dynamic closure, so a Write payload's static closure never carries it", () => {
    const stat = closure("dist/gate.cjs", false);
    const dyn = closure("dist/gate.cjs", true);
    const parser = (files: string[]) =>
      graph.inputsOf(files).filter((i) => i.includes("web-tree-sitter") || i.includes("src/harness/gate/shell/"));
    expect(parser(stat.files)).toEqual([]);
    expect(parser(dyn.files).some((i) => i.includes("node_modules/web-tree-sitter/"))).toBe(true);
    expect(dyn.bytes).toBeLessThanOrEqual(GATE_BUDGET);
  });

  it("cli-main and every chunk it loads statically never reach the MCP SDK (mcp.md §2: only `axiom mcp` loads it)", () => {
    const main = closure("dist/cli-main.js", false);
    expect(sdkIn(main.externals)).toEqual([]);
  });

  it("only outputs carrying src/server/adapter.ts import the SDK (the one seam, mcp.md §2), and those are reached only from mcp-lazy / http-lazy", () => {
    const importers = Object.entries(outputs)
      .filter(([, o]) => o.imports.some((i) => i.external && i.path.startsWith(SDK)))
      .map(([f]) => f);
    expect(importers.length).toBeGreaterThan(0);
    for (const f of importers)
      expect(Object.keys((outputs[f] as MetaOutput).inputs), f).toContain("src/server/adapter.ts");
    // Lazy chunks of the server itself (its tool definitions, SHIP-8) may import the SDK: every other
    // entry reaches the SDK only through mcp-lazy / http-lazy, over static and dynamic imports alike.
    const server = ["dist/mcp-lazy.js", "dist/http-lazy.js"];
    const viaServer = new Set(server.flatMap((e) => closure(e, true).files));
    for (const f of importers) expect(viaServer.has(f), f).toBe(true);
    for (const entry of Object.keys(outputs).filter((f) => outputs[f]?.entryPoint)) {
      if (viaServer.has(entry)) continue;
      const seen = new Set<string>();
      const queue = [entry];
      while (queue.length > 0) {
        const file = queue.pop() as string;
        if (seen.has(file) || server.includes(file)) continue;
        seen.add(file);
        for (const i of (outputs[file] as MetaOutput).imports) {
          if (i.external) expect(i.path.startsWith(SDK), `${entry} reaches ${i.path} via ${file}`).toBe(false);
          else queue.push(i.path);
        }
      }
    }
  });

  it("every package the bundle leaves external is a Node builtin or declared by @codai/axiom-mcp (dependencies, optionalDependencies or optional peer), so the packed tarball runs", () => {
    const pkg = JSON.parse(readFileSync(join(REPO, "packages/mcp/package.json"), "utf8"));
    const declared = new Set([
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.optionalDependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}).filter((p) => pkg.peerDependenciesMeta?.[p]?.optional),
    ]);
    const met = new Set<string>();
    for (const o of Object.values(outputs)) for (const i of o.imports) if (i.external) met.add(i.path);
    for (const spec of met) {
      if (isBuiltin(spec)) continue;
      // A sibling left to run time: a file of this build, shipped in dist.
      const sibling = runtimeSibling(spec);
      if (sibling !== undefined) {
        expect(outputs[sibling], `${spec} is not a build output`).toBeDefined();
        continue;
      }
      const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] as string);
      expect(declared.has(name), `${spec} is external but not declared`).toBe(true);
    }
    // The SDK is a hard dependency (mcp.md §15); sigstore stays optional (signing.md §4, D21).
    expect(pkg.dependencies["@modelcontextprotocol/server"]).toMatch(/^\^2\./);
    expect(declared.has("sigstore")).toBe(true);
    expect(pkg.dependencies.sigstore).toBeUndefined();
    // Nothing external that the build config does not name.
    const covers = (spec: string) =>
      external.some((e) =>
        e.endsWith("/*") ? spec.startsWith(e.slice(0, -1)) : spec === e || spec.startsWith(`${e}/`),
      );
    for (const spec of met) if (!isBuiltin(spec) && !runtimeSibling(spec)) expect(covers(spec), spec).toBe(true);
  });
});
