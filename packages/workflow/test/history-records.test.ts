// Issue 21 in the workflow: what `axiom show` / `log` say a change was for and who made it
// (CLI-O7), resolved by any ref (CLI-O3), on real temp repos.
import { mkdir, writeFile } from "node:fs/promises";
import { layout } from "@codai/axiom-store/layout";
import { expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, test } from "vitest";
import {
  applyBundle,
  compilePlan,
  compileWrite,
  confirmWrite,
  historyView,
  prepareConfirm,
  resolveRef,
  rollbackChange,
  showChange,
  statusView,
} from "../src/index";
import { NO_GUARDS } from "./helpers";

const plan = (intent: string, content: string) => ({
  apiVersion: "axiom.dev/v2",
  kind: "Plan",
  name: "notes",
  intent,
  artifacts: [{ path: "notes.txt", op: "overwrite", source: { type: "inline", content } }],
});

describe("intent and origin records", () => {
  test("compile with a root records the Plan's intent; a CLI apply its origin; show and log read both", async () => {
    const repo = await tempRepo({ "notes.txt": "old\n" });
    const bundle = await compilePlan({ plan: plan("keep the notes short", "new\n"), root: repo.root });
    const out = await applyBundle({
      bundle,
      root: repo.root,
      profile: "default",
      mode: "fs",
      confirmDigest: bundle.manifestDigest,
      guards: NO_GUARDS,
      origin: { surface: "cli" },
    });
    expect(out.result.status).toBe("applied");
    const shown = await showChange(repo.root, "#1");
    expect(shown).toMatchObject({
      manifestDigest: bundle.manifestDigest,
      name: "notes",
      intent: "keep the notes short",
      origin: { surface: "cli" },
      state: "applied",
      seq: 1,
      files: [{ path: "notes.txt", op: "overwrite" }],
      missingBefore: [],
    });
    expect(shown.diff).toContain("-old\n+new\n");
    const view = await historyView(repo.root, 20);
    expect(view.rows[0]?.about).toEqual({ intent: "keep the notes short", origin: { surface: "cli" } });
    expect((await statusView(repo.root)).standing).toEqual({ kind: "applied", seq: 1, name: "notes", changed: [] });
    await repo.write({ "notes.txt": "edited by hand\n" });
    expect((await statusView(repo.root)).standing).toMatchObject({ kind: "applied", changed: ["notes.txt"] });
  });

  test("axiom_write records the caller's intent and origin mcp/axiom_write; its Plan is named after the intent", async () => {
    const repo = await tempRepo();
    const files = [{ path: "a.txt", content: "one\n" }];
    const req = { root: repo.root, files, intent: "Add the first file", planProfile: "default" };
    const digest = (await compileWrite(req)).bundle.manifestDigest;
    const prepared = await prepareConfirm(await compileWrite(req), digest);
    if (prepared.kind !== "confirm") throw new Error(prepared.kind);
    await confirmWrite(prepared, { profile: "default", guards: NO_GUARDS });
    expect(await showChange(repo.root, digest.slice(7, 19))).toMatchObject({
      name: "add-the-first-file",
      intent: "Add the first file",
      origin: { surface: "mcp", tool: "axiom_write" },
      state: "applied",
    });
  });

  test("a record an agent rewrote with junk reads field by field: wrong types are dropped, the change still shows", async () => {
    const repo = await tempRepo();
    const bundle = await compilePlan({ plan: plan("x", "y\n"), root: repo.root });
    const file = layout.about(repo.root, bundle.manifestDigest.slice(7));
    await writeFile(file, JSON.stringify({ intent: 42, origin: { surface: "root", tool: "rm -rf" }, branch: {} }));
    const shown = await showChange(repo.root, bundle.manifestDigest);
    expect(shown.intent).toBeUndefined();
    expect(shown.origin).toBeUndefined();
    expect(shown.state).toBe("stored");
    await writeFile(file, "not json");
    expect((await showChange(repo.root, bundle.manifestDigest)).intent).toBeUndefined();
  });
});

describe("resolveRef and rollbackChange", () => {
  test("every form resolves; an ambiguous prefix lists its candidates; #0 and short prefixes are malformed", async () => {
    const repo = await tempRepo({ "notes.txt": "old\n" });
    const bundle = await compilePlan({ plan: plan("one", "1\n"), root: repo.root });
    const d = bundle.manifestDigest;
    for (const ref of [d, d.slice(7), d.slice(0, 14), d.slice(7, 14)]) {
      expect((await resolveRef(repo.root, ref)).manifestDigest, ref).toBe(d);
    }
    await expectCode(resolveRef(repo.root, "#1"), "ERR_NOT_FOUND", { reason: "no-such-seq", entries: 0 });
    await expectCode(resolveRef(repo.root, "#0"), "ERR_NOT_FOUND", { reason: "malformed" });
    await expectCode(resolveRef(repo.root, d.slice(7, 13)), "ERR_NOT_FOUND", { reason: "malformed" });
    await expectCode(resolveRef(repo.root, d.slice(7, 14).toUpperCase()), "ERR_NOT_FOUND", { reason: "malformed" });
    const twin = `${d.slice(7, 15)}${d.slice(15, 16) === "0" ? "1" : "0"}${"0".repeat(55)}`;
    await mkdir(layout.journalDir(repo.root), { recursive: true });
    await writeFile(layout.journal(repo.root, twin), "{}");
    await expectCode(resolveRef(repo.root, d.slice(7, 15)), "ERR_NOT_FOUND", {
      reason: "ambiguous",
      candidates: [d, `sha256:${twin}`].sort(),
    });
    expect((await resolveRef(repo.root, d.slice(7, 16))).manifestDigest).toBe(d);
  });

  test("a prefix is resolved against readable directories only: applied/ that cannot be listed (a file) → that error, not a resolution that ignored it", async () => {
    const repo = await tempRepo({ "notes.txt": "old\n" });
    const bundle = await compilePlan({ plan: plan("one", "1\n"), root: repo.root });
    const prefix = bundle.manifestDigest.slice(7, 15);
    expect((await resolveRef(repo.root, prefix)).manifestDigest).toBe(bundle.manifestDigest);
    await writeFile(layout.appliedDir(repo.root), "not a directory");
    await expect(resolveRef(repo.root, prefix)).rejects.toMatchObject({ code: "ENOTDIR" });
    // full digests and #seq need no listing
    expect((await resolveRef(repo.root, bundle.manifestDigest)).manifestDigest).toBe(bundle.manifestDigest);
  });

  test("rollbackChange: already = false the first time, true the second; the JSON output is axiom_rollback's", async () => {
    const repo = await tempRepo({ "notes.txt": "old\n" });
    const bundle = await compilePlan({ plan: plan("one", "1\n"), root: repo.root });
    await applyBundle({
      bundle,
      root: repo.root,
      profile: "default",
      mode: "fs",
      confirmDigest: bundle.manifestDigest,
      guards: NO_GUARDS,
    });
    const first = await rollbackChange({ root: repo.root, ref: "#1" });
    expect(first).toMatchObject({
      already: false,
      seq: 1,
      output: { status: "rolled-back", manifestDigest: bundle.manifestDigest },
    });
    expect(await repo.read("notes.txt")).toBe("old\n");
    const again = await rollbackChange({ root: repo.root, ref: "#1" });
    expect(again.already).toBe(true);
    expect(Object.keys(again.output).sort()).toEqual(["manifestDigest", "phase", "root", "status", "steps"]);
  });
});
