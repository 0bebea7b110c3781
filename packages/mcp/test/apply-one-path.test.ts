// Issue 18: `axiom apply` (cli.md §7.9) and `axiom_apply` (mcp.md §5.4) are one orchestration —
// the workflow's applyBundle. Both front ends run in this process over two equal temp repos whose
// anti-rollback trust advance fails after the files are applied (signing.md §8.3): each calls
// applyBundle exactly once with the same request, gets the same outcome (the same trust error), and
// leaves the same stored bundle bytes; only the presentation differs (CLI: the result on stdout and
// the error line on stderr, exit 2; MCP: isError {manifestDigest, status: "applied"}).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { generateEd25519, signManifest } from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";
import { layout } from "@codai/axiom-store/layout";
import { demoBundle, type TempRepo, tempRepo } from "@codai/axiom-testkit";
import type { AppliedOutcome, ApplyRequest } from "@codai/axiom-workflow";
import { afterEach, describe, expect, test, vi } from "vitest";
import { run as applyVerb } from "../src/cli/verbs/apply";
import { errorOf } from "./mcp-helpers";
import { inProcess } from "./mcp-inproc";

const calls = vi.hoisted(() => [] as { req: ApplyRequest; outcome?: AppliedOutcome }[]);

vi.mock("@codai/axiom-workflow", async (importOriginal) => {
  const real = await importOriginal<typeof import("@codai/axiom-workflow")>();
  const applyBundle: typeof real.applyBundle = async (req) => {
    const call: (typeof calls)[number] = { req };
    calls.push(call);
    call.outcome = await real.applyBundle(req);
    return call.outcome;
  };
  return { ...real, applyBundle, WORKFLOW: { ...real.WORKFLOW, applyBundle } };
});

afterEach(() => {
  calls.length = 0;
  process.exitCode = undefined;
});

const key = generateEd25519();

/** A signed bundle whose own checks ask for the anti-rollback advance. */
function signedBundle(): ManifestBundle {
  const bundle = demoBundle({
    counter: 6,
    path: "c6.txt",
    text: "counter 6\n",
    checks: [{ id: "signed", predicate: "manifest.requireSigned", params: { antiRollback: true }, severity: "error" }],
  });
  bundle.signatures = [signManifest(key.privateKey, bundle.manifest)];
  return bundle;
}

/** A root that trusts the key and whose state.json cannot be written (a non-empty directory). */
async function brokenTrustRoot(): Promise<TempRepo> {
  const publicKey = Buffer.from(key.publicRaw).toString("base64");
  const repo = await tempRepo({
    ".axiom/trust/keys.json": JSON.stringify({ version: 1, keys: [{ keyid: key.keyid, alg: "ed25519", publicKey }] }),
  });
  await mkdir(join(repo.root, ".axiom/trust/state.json/x"), { recursive: true });
  return repo;
}

/** `axiom apply b.json --root <root> --confirm <digest>`, in process; stdout and stderr captured. */
async function cliApply(root: string, bundle: ManifestBundle) {
  const work = await tempRepo({ "b.json": JSON.stringify(bundle) });
  const out: string[] = [];
  const err: string[] = [];
  const stdout = vi.spyOn(process.stdout, "write").mockImplementation((s) => out.push(String(s)) > 0);
  const stderr = vi.spyOn(process.stderr, "write").mockImplementation((s) => err.push(String(s)) > 0);
  try {
    await applyVerb({ values: { root, confirm: bundle.manifestDigest }, positionals: ["b.json"], cwd: work.root });
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
  return { stdout: out.join(""), stderr: err.join(""), exitCode: process.exitCode };
}

describe("axiom apply and axiom_apply go through the same applyBundle", () => {
  test("a failed trust advance: one applyBundle call each, the same request and trust error, the same stored bundle bytes; each front end presents it its way", async () => {
    const bundle = signedBundle();
    const cliRoot = await brokenTrustRoot();
    const mcpRoot = await brokenTrustRoot();

    const cli = await cliApply(cliRoot.root, bundle);
    const mcp = await inProcess([mcpRoot.root]).call("axiom_apply", {
      bundle,
      root: mcpRoot.root,
      confirmDigest: bundle.manifestDigest,
    });

    // One orchestration, called once by each front end with the same request.
    expect(calls).toHaveLength(2);
    const [viaCli, viaMcp] = calls as [(typeof calls)[0], (typeof calls)[0]];
    const request = (c: (typeof calls)[0]) => {
      const { root: _root, signal: _signal, guards: _guards, origin: _origin, ...rest } = c.req;
      return rest;
    };
    expect(request(viaCli)).toEqual(request(viaMcp));
    // Only who asked differs (recorded for axiom log and show, issue 21).
    expect([viaCli.req.origin, viaMcp.req.origin]).toEqual([
      { surface: "cli" },
      { surface: "mcp", tool: "axiom_apply" },
    ]);
    expect(request(viaCli)).toMatchObject({ mode: "fs", profile: "default", confirmDigest: bundle.manifestDigest });

    // The same outcome: applied, and the same trust-advance failure.
    for (const c of calls) expect(c.outcome?.result.status).toBe("applied");
    const code = viaCli.outcome?.trustError?.code;
    expect(code).toMatch(/^ERR_/);
    const rooted = (c: (typeof calls)[0]) => JSON.stringify(c.outcome?.trustError).replaceAll(c.req.root, "<root>");
    expect(rooted(viaMcp)).toBe(rooted(viaCli));

    // Presented by each front end: CLI result + error line (exit 2); MCP isError.
    expect(JSON.parse(cli.stdout)).toEqual(viaCli.outcome?.result);
    expect(JSON.parse(cli.stderr.trim())).toMatchObject({
      code,
      details: { manifestDigest: bundle.manifestDigest, status: "applied" },
    });
    expect(cli.exitCode).toBe(2);
    expect(errorOf(mcp)).toMatchObject({ code, details: { manifestDigest: bundle.manifestDigest, status: "applied" } });

    // The same files on disk: the applied file and the stored bundle, byte for byte.
    for (const repo of [cliRoot, mcpRoot]) expect(await repo.read("c6.txt")).toBe("counter 6\n");
    const hex = bundle.manifestDigest.slice(7);
    const stored = await readFile(layout.manifest(cliRoot.root, hex));
    expect(await readFile(layout.manifest(mcpRoot.root, hex))).toEqual(stored);
    expect(JSON.parse(stored.toString("utf8"))).toEqual(bundle);
  });

  test("a profile that does not exist: the CLI's applyBundle call fails at its profile load (cli.md §7.9 step 5); MCP refuses the name by D26 before any workflow call; nothing is written", async () => {
    const bundle = demoBundle({ path: "p.txt", text: "p\n" });
    const cliRoot = await tempRepo();
    const mcpRoot = await tempRepo();
    await writeFile(join(mcpRoot.root, "keep"), "");
    const work = await tempRepo({ "b.json": JSON.stringify(bundle) });
    await expect(
      applyVerb({
        values: { root: cliRoot.root, confirm: bundle.manifestDigest, profile: "nope" },
        positionals: ["b.json"],
        cwd: work.root,
      }),
    ).rejects.toMatchObject({ code: "ERR_INVALID_PROFILE", details: { profile: "nope" } });
    // Over MCP a name outside the allowed set is refused earlier (D26), so the workflow is not called.
    const mcp = await inProcess([mcpRoot.root]).call("axiom_apply", {
      bundle,
      root: mcpRoot.root,
      profile: "nope",
      confirmDigest: bundle.manifestDigest,
    });
    expect(errorOf(mcp)).toMatchObject({ code: "ERR_INVALID_PROFILE", details: { profile: "nope" } });
    expect(calls.map((c) => [c.req.profile, c.outcome])).toEqual([["nope", undefined]]);
    expect(await cliRoot.read("p.txt")).toBeNull();
    expect(await mcpRoot.read("p.txt")).toBeNull();
  });
});
