// hooks-doctor.md §2.5, §2.7–§2.10: write-target extraction (apply_patch, multi-replace, MultiEdit),
// root discovery, target resolution, gate profiles and predicates, on real temp repos.
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claude, type GateRepo, gateRepo } from "./gate-helpers";

let repo: GateRepo;
beforeAll(async () => {
  repo = await gateRepo();
  await mkdir(join(repo.root, "apps/web"), { recursive: true });
  await mkdir(join(repo.root, "real"), { recursive: true });
  await symlink(join(repo.root, "real"), join(repo.root, "linked"));
});
afterAll(() => repo.cleanup());

const write = (file_path: string, content = "x", cwd = repo.root) => claude("Write", { file_path, content }, cwd);
const patch = (text: string) => ({ tool_name: "apply_patch", tool_input: { input: text }, cwd: repo.root });

describe("write targets (§2.5)", () => {
  it("16. `apply_patch` with `*** Add File: .env` and `+SECRET=1` → deny `path.deny`; Update a.ts + `*** Move to: .git/x` → deny on `.git/x`", async () => {
    const a = await repo.gate(patch("*** Begin Patch\n*** Add File: .env\n+SECRET=1\n*** End Patch\n"));
    expect(a.deny?.axiom).toMatchObject({ code: "path.deny", path: ".env" });
    const b = await repo.gate(
      patch("*** Begin Patch\n*** Update File: a.ts\n*** Move to: .git/x\n@@\n-a\n+b\n*** End Patch"),
    );
    expect(b.deny?.axiom).toMatchObject({ code: "path.deny", path: ".git/x" });
  });

  it('17. `apply_patch` with `*** Update File: src/a.ts` and `+const k = "AKIA…"` → deny `content.noSecrets.awsKey` with path `src/a.ts`', async () => {
    const r = await repo.gate(
      patch('*** Begin Patch\n*** Update File: src/a.ts   \n@@\n-x\n+const k = "AKIAABCDEFGHIJKLMNOP"\n*** End Patch'),
    );
    expect(r.deny?.axiom).toMatchObject({ code: "content.noSecrets.awsKey", path: "src/a.ts" });
  });

  it("18. `apply_patch` with no patch text → deny `ERR_UNSUPPORTED_OP`", async () => {
    const r = await repo.gate({ tool_name: "apply_patch", tool_input: {}, cwd: repo.root });
    expect(r.deny?.axiom.code).toBe("ERR_UNSUPPORTED_OP");
  });

  it("apply_patch: a Delete File header is a delete target; a benign patch allows", async () => {
    const d = await repo.gate(patch("*** Begin Patch\n*** Delete File: .github/hooks/axiom-gate.json\n*** End Patch"));
    expect(d.deny?.axiom).toMatchObject({ code: "path.deny", path: ".github/hooks/axiom-gate.json" });
    expect((await repo.gate(patch("*** Begin Patch\n*** Add File: src/b.ts\n+export {};\n*** End Patch"))).code).toBe(
      0,
    );
  });

  it("19. `multi_replace_string_in_file` with replacements on `a.ts` and `b.ts`, the second carrying an AWS key → deny on `b.ts`", async () => {
    const r = await repo.gate({
      tool_name: "multi_replace_string_in_file",
      tool_input: {
        replacements: [
          { filePath: "a.ts", oldString: "1", newString: "2" },
          { explanation: "no path" },
          { filePath: "b.ts", oldString: "1", newString: "k = 'AKIAABCDEFGHIJKLMNOP'" },
        ],
      },
      cwd: repo.root,
    });
    expect(r.deny?.axiom).toMatchObject({ code: "content.noSecrets.awsKey", path: "b.ts" });
  });

  it("20. Claude `MultiEdit` on `a.ts` whose second edit's `new_string` holds a private-key header → deny `content.noSecrets.privateKey`", async () => {
    const r = await repo.gate(
      claude(
        "MultiEdit",
        {
          file_path: "a.ts",
          edits: [
            { old_string: "a", new_string: "b" },
            { old_string: "c", new_string: "-----BEGIN RSA PRIVATE KEY-----" },
          ],
        },
        repo.root,
      ),
    );
    expect(r.deny?.axiom).toMatchObject({ code: "content.noSecrets.privateKey", path: "a.ts" });
  });
});

describe("target resolution (§2.8)", () => {
  it("30b. write tool with the path `a:b` → deny `ERR_PATH_INVALID_CHAR`", async () => {
    expect((await repo.gate(write("a:b"))).deny?.axiom.code).toBe("ERR_PATH_INVALID_CHAR");
  });

  it("31b. write tool to a path through a symlinked directory → deny `ERR_SYMLINK_IN_PATH`", async () => {
    expect((await repo.gate(write("linked/a.txt"))).deny?.axiom.code).toBe("ERR_SYMLINK_IN_PATH");
  });

  it("33. Write with absolute path `/etc/passwd` → deny `ERR_CONTAINMENT`; absolute path inside the root through a non-canonical prefix → resolved, allowed when benign", async () => {
    expect((await repo.gate(write("/etc/passwd"))).deny?.axiom).toMatchObject({
      code: "ERR_CONTAINMENT",
      path: "/etc/passwd",
    });
    // A symlink outside the root pointing at it plays the role of macOS /var → /private/var.
    const alias = join(repo.home, "..", "alias");
    await symlink(repo.root, alias);
    expect((await repo.gate(write(join(alias, "src/ok.ts")))).code).toBe(0);
    expect((await repo.gate(write(join(alias, ".env")))).deny?.axiom).toMatchObject({
      code: "path.deny",
      path: ".env",
    });
  });

  it("34. Write `src\\..\\..\\x` → deny `ERR_CONTAINMENT` on every OS", async () => {
    expect((await repo.gate(write("src\\..\\..\\x"))).deny?.axiom.code).toBe("ERR_CONTAINMENT");
  });

  it("35. Write `CON/a.txt` → deny `ERR_PATH_RESERVED_NAME`", async () => {
    expect((await repo.gate(write("CON/a.txt"))).deny?.axiom.code).toBe("ERR_PATH_RESERVED_NAME");
  });
});

describe("root discovery (§2.7)", () => {
  it("36. Payload cwd `<repo>/apps/web`, repo has `.git`: Write `../../.env` → deny `path.deny` (root discovered, target resolved from the cwd)", async () => {
    const r = await repo.gate(write("../../.env", "x", join(repo.root, "apps/web")));
    expect(r.deny?.axiom).toMatchObject({ code: "path.deny", path: ".env" });
  });

  it("37. Same with `--no-root-discovery` → deny `ERR_CONTAINMENT`", async () => {
    const r = await repo.gate(write("../../.env", "x", join(repo.root, "apps/web")), ["--no-root-discovery"]);
    expect(r.deny?.axiom.code).toBe("ERR_CONTAINMENT");
  });

  it("38. A directory whose only marker is `.axiom/gate-profile.json` is not a root; `.axiom/profiles/` is", async () => {
    const r2 = await gateRepo({ git: false });
    try {
      await r2.write("proj/.axiom/gate-profile.json", JSON.stringify({ deny: ["secret/**"] }));
      await mkdir(join(r2.root, "proj/sub"), { recursive: true });
      const cwd = join(r2.root, "proj/sub");
      // Not a root: the cwd is the root, `../x` escapes it.
      expect((await r2.gate(write("../x", "x", cwd))).deny?.axiom.code).toBe("ERR_CONTAINMENT");
      await mkdir(join(r2.root, "proj/.axiom/profiles"));
      // Now proj is the root and its gate profile applies.
      expect((await r2.gate(write("../x", "x", cwd))).code).toBe(0);
      expect((await r2.gate(write("../secret/a", "x", cwd))).deny?.axiom).toMatchObject({
        code: "path.deny",
        path: "secret/a",
      });
    } finally {
      await r2.cleanup();
    }
  });

  it("39. Discovery never selects the home directory even when `~/.git` exists", async () => {
    const r2 = await gateRepo({ git: false });
    try {
      await mkdir(join(r2.home, ".git"));
      await mkdir(join(r2.home, "work/sub"), { recursive: true });
      const cwd = join(r2.home, "work/sub");
      // Were home the root, `../x` would be inside it; the root is the cwd instead.
      const r = await r2.gate(write("../x", "x", cwd));
      expect(r.deny?.axiom.code).toBe("ERR_CONTAINMENT");
    } finally {
      await r2.cleanup();
    }
  });
});

describe("gate profiles and predicates (§2.9, §2.10)", () => {
  async function withProfile(profile: unknown, fn: (r: GateRepo) => Promise<void>): Promise<void> {
    const r = await gateRepo();
    try {
      await r.write(".axiom/gate-profile.json", typeof profile === "string" ? profile : JSON.stringify(profile));
      await fn(r);
    } finally {
      await r.cleanup();
    }
  }

  it("40. `<root>/.axiom/gate-profile.json` with an unknown key → deny `ERR_INTERNAL` for every write; a benign `Read` still allows", async () => {
    await withProfile({ deny: [], extra: 1 }, async (r) => {
      expect((await r.gate(claude("Write", { file_path: "a.ts", content: "x" }, r.root))).deny?.axiom.code).toBe(
        "ERR_INTERNAL",
      );
      expect((await r.gate(claude("Read", { file_path: "a.ts" }, r.root))).code).toBe(0);
      expect((await r.gate(claude("Write", { file_path: "a.ts", content: "x" }, r.root), ["--fail-open"])).code).toBe(
        0,
      );
    });
    await withProfile("{not json", async (r) => {
      expect((await r.gate(claude("Write", { file_path: "a.ts", content: "x" }, r.root))).deny?.axiom.code).toBe(
        "ERR_INTERNAL",
      );
    });
  });

  it('41. `--profile missing.json` → deny `ERR_INTERNAL`; `--profile p.json` with `{deny: ["secret/**"]}` → `.env` allowed, `secret/a` denied (no merging)', async () => {
    expect((await repo.gate(write("a.ts"), ["--profile", join(repo.home, "missing.json")])).deny?.axiom.code).toBe(
      "ERR_INTERNAL",
    );
    const p = join(repo.home, "p.json");
    await writeFile(p, JSON.stringify({ deny: ["secret/**"] }));
    expect((await repo.gate(write(".env"), ["--profile", p])).code).toBe(0);
    expect((await repo.gate(write("secret/a"), ["--profile", p])).deny?.axiom).toMatchObject({
      code: "path.deny",
      path: "secret/a",
    });
  });

  it("~/.axiom/gate-profile.json applies when the root has none", async () => {
    const r = await gateRepo();
    try {
      await mkdir(join(r.home, ".axiom"));
      await writeFile(join(r.home, ".axiom/gate-profile.json"), JSON.stringify({ deny: ["home-denied/**"] }));
      expect(
        (await r.gate(claude("Write", { file_path: "home-denied/a", content: "x" }, r.root))).deny?.axiom.code,
      ).toBe("path.deny");
      expect((await r.gate(claude("Write", { file_path: ".env", content: "x" }, r.root))).code).toBe(0);
    } finally {
      await r.cleanup();
    }
  });

  it('42. Gate profile `{allow: ["src/**"]}` → Write `docs/a.md` denied `path.allow`; `allow: []` → no restriction', async () => {
    await withProfile({ allow: ["src/**"] }, async (r) => {
      expect(
        (await r.gate(claude("Write", { file_path: "docs/a.md", content: "x" }, r.root))).deny?.axiom,
      ).toMatchObject({ code: "path.allow", path: "docs/a.md" });
      expect((await r.gate(claude("Write", { file_path: "src/a.md", content: "x" }, r.root))).code).toBe(0);
    });
    await withProfile({ allow: [] }, async (r) => {
      expect((await r.gate(claude("Write", { file_path: "docs/a.md", content: "x" }, r.root))).code).toBe(0);
    });
  });

  it("43. Gate profile `{maxBytes: 10}` → Write of 11 bytes denied `content.maxBytes`; a multibyte string is measured in UTF-8 bytes", async () => {
    await withProfile({ maxBytes: 10 }, async (r) => {
      const w = (content: string) => r.gate(claude("Write", { file_path: "a.txt", content }, r.root));
      expect((await w("12345678901")).deny?.axiom).toMatchObject({ code: "content.maxBytes", path: "a.txt" });
      expect((await w("1234567890")).code).toBe(0);
      // 4 characters, 12 bytes.
      expect((await w("éééé€")).deny?.axiom.code).toBe("content.maxBytes");
    });
  });

  it("44. Gate profile `{pii: true}` → Write with a valid card number denied `content.noSecrets.card`; default profile allows it", async () => {
    const card = claude("Write", { file_path: "a.txt", content: "card 4111 1111 1111 1111" }, repo.root);
    expect((await repo.gate(card)).code).toBe(0);
    await withProfile({ pii: true }, async (r) => {
      const res = await r.gate({ ...card, cwd: r.root });
      expect(res.deny?.axiom).toMatchObject({ code: "content.noSecrets.card", path: "a.txt" });
    });
  });

  it("45. Built-in profile: harness config files each denied `path.deny`; `.Claude/Settings.json` → denied (nocase)", async () => {
    for (const p of [
      ".claude/settings.json",
      ".vscode/settings.json",
      ".mcp.json",
      ".cursor/rules/x",
      ".github/hooks/h.json",
      ".Claude/Settings.json",
    ]) {
      const r = await repo.gate(write(p));
      expect([p, r.deny?.axiom.code, r.deny?.axiom.path]).toEqual([p, "path.deny", p]);
    }
  });
});
