// apply.md §1 roots policy and its "Roots" acceptance lines (the library half; the MCP server
// wiring is tested with the server).
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import * as os from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  buildRootsPolicy,
  describeRoots,
  isWithin,
  LOCK_TAKING_TOOLS,
  resolveCliRoot,
  resolveOptionalToolRoot,
  resolveToolRoot,
  resolveToolRootReal,
  rootId,
} from "../src/common/roots";

let base: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), "axiom-roots-")));
});
afterEach(() => rm(base, { recursive: true, force: true }));

async function dir(rel: string): Promise<string> {
  const p = path.join(base, rel);
  await mkdir(p, { recursive: true });
  return p;
}

async function failure(p: Promise<unknown>): Promise<{ code: string; details: Record<string, unknown> }> {
  const err = await p.then(
    () => undefined,
    (e) => e,
  );
  if (!err) throw new Error("expected a failure");
  return err as { code: string; details: Record<string, unknown> };
}

describe("server allowlist (§1.1)", () => {
  it("Server `--root relative/dir` → start refused, ERR_ROOT_NOT_DIR", async () => {
    await dir("relative/dir");
    const err = await failure(buildRootsPolicy(["relative/dir"]));
    expect(err.code).toBe("ERR_ROOT_NOT_DIR");
    expect(err.details).toEqual({ root: "relative/dir" });
  });

  it("Server `--root /abs/file.txt` → ERR_ROOT_NOT_DIR; a missing directory too", async () => {
    await writeFile(path.join(base, "file.txt"), "x");
    expect((await failure(buildRootsPolicy([path.join(base, "file.txt")]))).code).toBe("ERR_ROOT_NOT_DIR");
    expect((await failure(buildRootsPolicy([path.join(base, "missing")]))).details).toEqual({
      root: path.join(base, "missing"),
    });
  });

  it("the set is realpath'd, de-duplicated and frozen", async () => {
    const r = await dir("r");
    await symlink(r, path.join(base, "link"));
    const policy = await buildRootsPolicy([path.join(base, "link"), `${r}/`, r]);
    expect([...policy.roots]).toEqual([r]);
    expect(() => (policy.roots as Set<string>).add("/x")).toThrow();
    expect(Object.isFrozen(policy)).toBe(true);
  });
});

describe("tool root argument (§1.2)", () => {
  it("Server with no `--root`, call with no root → ERR_ROOT_REQUIRED", async () => {
    const policy = await buildRootsPolicy([]);
    const err = await failure(resolveToolRoot(policy, undefined));
    expect(err.code).toBe("ERR_ROOT_REQUIRED");
    expect(err.details).toEqual({ roots: [] });
  });

  it("Two roots, no root argument → ERR_ROOT_REQUIRED, `details.roots` lists both", async () => {
    const a = await dir("a");
    const b = await dir("b");
    const policy = await buildRootsPolicy([a, b]);
    for (const arg of [undefined, ""]) {
      const err = await failure(resolveToolRoot(policy, arg));
      expect(err.code).toBe("ERR_ROOT_REQUIRED");
      expect(err.details.roots).toEqual([a, b]);
    }
  });

  it("One root R, no root argument → R", async () => {
    const r = await dir("r");
    const policy = await buildRootsPolicy([r]);
    expect(await resolveToolRoot(policy, undefined)).toEqual({ rootReal: r, effectiveRoot: r });
    expect(await resolveToolRoot(policy, "", { lockTaking: true })).toEqual({ rootReal: r, effectiveRoot: r });
  });

  it('`root: "rel"` → ERR_ROOT_NOT_ALLOWED', async () => {
    const policy = await buildRootsPolicy([await dir("r")]);
    expect((await failure(resolveToolRoot(policy, "rel"))).code).toBe("ERR_ROOT_NOT_ALLOWED");
  });

  it("`root` = missing directory → ERR_ROOT_NOT_ALLOWED (not ERR_ROOT_NOT_DIR); a file too", async () => {
    const r = await dir("r");
    await writeFile(path.join(r, "f"), "x");
    const policy = await buildRootsPolicy([r]);
    expect((await failure(resolveToolRoot(policy, path.join(r, "missing")))).code).toBe("ERR_ROOT_NOT_ALLOWED");
    expect((await failure(resolveToolRoot(policy, path.join(r, "f")))).code).toBe("ERR_ROOT_NOT_ALLOWED");
  });

  it('Allowlist `/t/allowed`, `root: "/t/allowed-evil"` → ERR_ROOT_NOT_ALLOWED {root, real, roots}', async () => {
    const allowed = await dir("allowed");
    const evil = await dir("allowed-evil");
    const policy = await buildRootsPolicy([allowed]);
    const err = await failure(resolveToolRoot(policy, evil));
    expect(err.code).toBe("ERR_ROOT_NOT_ALLOWED");
    expect(err.details).toEqual({ root: evil, real: evil, roots: [allowed] });
  });

  it("`root` = symlink inside R pointing outside R → ERR_ROOT_NOT_ALLOWED with `details.real`", async () => {
    const r = await dir("r");
    const outside = await dir("outside");
    await symlink(outside, path.join(r, "escape"));
    const policy = await buildRootsPolicy([r]);
    const err = await failure(resolveToolRoot(policy, path.join(r, "escape")));
    expect(err.code).toBe("ERR_ROOT_NOT_ALLOWED");
    expect(err.details.real).toBe(outside);
  });

  it("lock-taking tool with `root: R/sub` → ERR_ROOT_NOT_ALLOWED; status-like tools with R/sub → ok, root = R/sub realpath", async () => {
    const r = await dir("r");
    const sub = await dir("r/sub");
    const policy = await buildRootsPolicy([r]);
    for (const tool of ["axiom_apply", "axiom_apply_dry_run", "axiom_rollback", "axiom_write"])
      expect(LOCK_TAKING_TOOLS.has(tool)).toBe(true);
    expect(LOCK_TAKING_TOOLS.has("axiom_status")).toBe(false);
    const err = await failure(resolveToolRoot(policy, sub, { lockTaking: true }));
    expect(err.code).toBe("ERR_ROOT_NOT_ALLOWED");
    expect(err.details).toEqual({ root: sub, real: sub, roots: [r] });
    expect(await resolveToolRoot(policy, sub)).toEqual({ rootReal: sub, effectiveRoot: r });
    expect(await resolveToolRoot(policy, `${r}/`, { lockTaking: true })).toEqual({ rootReal: r, effectiveRoot: r });
    expect(await resolveToolRootReal(policy, sub, { lockTaking: false })).toBe(sub);
    await expect(resolveToolRootReal(policy, sub, { lockTaking: true })).rejects.toMatchObject({
      code: "ERR_ROOT_NOT_ALLOWED",
    });
  });

  it("a lock-taking tool reaching R through a symlink to R itself is accepted (realpath equals the root)", async () => {
    const r = await dir("r");
    await symlink(r, path.join(base, "alias"));
    const policy = await buildRootsPolicy([r]);
    expect(await resolveToolRoot(policy, path.join(base, "alias"), { lockTaking: true })).toEqual({
      rootReal: r,
      effectiveRoot: r,
    });
  });

  it("check/verify group: explicit root → rows 2–4; absent → the single root, else no root", async () => {
    const a = await dir("a");
    const b = await dir("b");
    expect(await resolveOptionalToolRoot(await buildRootsPolicy([a]), undefined)).toEqual({
      rootReal: a,
      effectiveRoot: a,
    });
    expect(await resolveOptionalToolRoot(await buildRootsPolicy([a, b]), undefined)).toBeUndefined();
    expect(await resolveOptionalToolRoot(await buildRootsPolicy([]), undefined)).toBeUndefined();
    expect((await failure(resolveOptionalToolRoot(await buildRootsPolicy([a]), b))).code).toBe("ERR_ROOT_NOT_ALLOWED");
  });

  it("win32: `root` differing from the allowlisted root only in case → accepted (comparison rule)", () => {
    expect(isWithin("C:\\Work\\Repo", "c:\\work\\repo", "win32")).toBe(true);
    expect(isWithin("C:\\Work\\Repo\\Sub", "c:\\work\\repo\\", "win32")).toBe(true);
    expect(isWithin("C:\\Work\\Repo-evil", "c:\\work\\repo", "win32")).toBe(false);
    expect(isWithin("/t/Allowed", "/t/allowed", "linux")).toBe(false);
    expect(isWithin("/t/allowed-evil", "/t/allowed", "linux")).toBe(false);
    expect(isWithin("/t/allowed/x", "/t/allowed/", "linux")).toBe(true);
  });

  it("`axiom_roots_list` → {roots: [{path, writable, hasGit}]} with `hasGit: true` for a git root", async () => {
    const g = await dir("g");
    const plain = await dir("plain");
    execFileSync("git", ["init", "-q", g], {
      shell: false,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: base },
    });
    const out = await describeRoots(await buildRootsPolicy([g, plain]));
    expect(out).toEqual({
      roots: [
        { path: g, writable: true, hasGit: true },
        { path: plain, writable: true, hasGit: false },
      ],
    });
  });
});

describe("CLI roots (§1.3) and root-id (D17)", () => {
  it("resolved against the cwd, realpath'd; not a directory → ERR_ROOT_NOT_DIR {root} as given", async () => {
    const r = await dir("r");
    expect(await resolveCliRoot(".", r)).toBe(r);
    expect(await resolveCliRoot("r", base)).toBe(r);
    const err = await failure(resolveCliRoot("nope", base));
    expect(err.code).toBe("ERR_ROOT_NOT_DIR");
    expect(err.details).toEqual({ root: "nope" });
  });

  it("root-id = first 12 hex of sha256(UTF-8 realpath)", async () => {
    const { createHash } = await import("node:crypto");
    expect(rootId("/home/ana/shop")).toBe(createHash("sha256").update("/home/ana/shop").digest("hex").slice(0, 12));
    expect(rootId("/x")).toMatch(/^[0-9a-f]{12}$/);
  });
});
