// SHIP-8 with the workflow seam (issue 18): `axiom mcp` start-up evaluates no use-case code — the
// workflow (and through it plan, checks, apply, axm) is one lazy chunk the server reaches only
// through ServerContext.workflow(), loaded once on first use; a test may hand the server its own
// Workflow. And ARCH-W2: a CLI verb's chunk carries only the workflow modules it calls.
import { tempRepo } from "@codai/axiom-testkit";
import { WORKFLOW, type Workflow } from "@codai/axiom-workflow";
import { beforeAll, describe, expect, test } from "vitest";
import { loadWorkflow } from "../src/server/workflow-loader";
import { type BuildGraph, loadBuildGraph } from "./build-graph";
import { inProcess } from "./mcp-inproc";

const ENGINES = ["../workflow/src/", "../plan/src/", "../checks/src/", "../apply/src/", "../axm/src/"];

let graph: BuildGraph;
beforeAll(async () => {
  graph = await loadBuildGraph();
});

const outputOf = (entryPoint: string): string => {
  const hit = Object.entries(graph.outputs).find(([, o]) => o.entryPoint === entryPoint);
  if (!hit) throw new Error(`no output for ${entryPoint}`);
  return hit[0];
};
const sourcesOf = (file: string, dynamic: boolean, prefixes: readonly string[]) => [
  ...new Set(graph.inputsOf(graph.closure(file, dynamic).files).filter((i) => prefixes.some((p) => i.startsWith(p)))),
];
const packagesOf = (sources: string[]) => [...new Set(sources.map((s) => s.split("/")[1]))].sort();

describe("module graph (esbuild metafile)", () => {
  test("mcp-lazy, the stdio front and the tool chunk carry no workflow, plan, apply or axm source statically; the workflow chunk is a dynamic import of mcp-lazy", () => {
    expect(sourcesOf("dist/mcp-lazy.js", false, ENGINES)).toEqual([]);
    expect(sourcesOf(outputOf("src/transports/stdio/front.ts"), false, ENGINES)).toEqual([]);
    // The tools reach checks only through the D26 rule (server/profile-rule.ts), as before.
    expect(packagesOf(sourcesOf(outputOf("src/server/tools/registry.ts"), false, ENGINES))).toEqual(["checks"]);
    const chunk = outputOf("src/entries/workflow.ts");
    expect(graph.closure("dist/mcp-lazy.js", false).files).not.toContain(chunk);
    expect(graph.closure("dist/mcp-lazy.js", true).files).toContain(chunk);
  });

  test("the workflow chunk holds the workflow with plan, checks and apply; the .axm parser is a further dynamic import (mcp.md §5.3)", () => {
    const chunk = outputOf("src/entries/workflow.ts");
    expect(packagesOf(sourcesOf(chunk, false, ENGINES))).toEqual(["apply", "checks", "plan", "workflow"]);
    expect(sourcesOf(chunk, true, ["../axm/src/"])).toContain("../axm/src/parse.ts");
  });

  test("ARCH-W2: a verb's chunk carries only the workflow modules it calls (schema → none of plan, checks, apply; status → no checks, no plan; none → axm)", () => {
    const verb = (name: string) => outputOf(`src/cli/verbs/${name}.ts`);
    expect(packagesOf(sourcesOf(verb("schema"), false, ENGINES))).toEqual(["workflow"]);
    expect(packagesOf(sourcesOf(verb("status"), false, ENGINES))).toEqual(["apply", "workflow"]);
    // diff takes refs (#seq, a prefix: the chain) and shows contents (the backups): apply's readers.
    expect(packagesOf(sourcesOf(verb("diff"), false, ENGINES))).toEqual(["apply", "plan", "workflow"]);
    for (const name of ["apply", "check", "compile", "verify", "rollback", "log", "snapshot", "trust"])
      expect(sourcesOf(verb(name), false, ["../axm/src/"]), name).toEqual([]);
  });
});

describe("the workflow seam at run time", () => {
  test("loadWorkflow loads the package once and answers its WORKFLOW object", async () => {
    const first = loadWorkflow();
    expect(loadWorkflow()).toBe(first);
    expect(await first).toBe(WORKFLOW);
  });

  test("createServer({workflow}) uses the Workflow it is given: a replaced member answers the tool", async () => {
    const { root: dir } = await tempRepo();
    const doc = await WORKFLOW.status(dir);
    const seen: string[] = [];
    const workflow: Workflow = {
      ...WORKFLOW,
      status: async (root) => {
        seen.push(root);
        return { ...doc, root };
      },
    };
    const h = inProcess([dir], { workflow });
    const r = await h.call("axiom_status", { root: dir });
    expect(seen).toEqual([dir]);
    expect(r.structuredContent).toMatchObject({ root: dir });
  });
});
