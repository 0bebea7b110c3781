// hooks-doctor.md §2.6: the shell-scan corpus, end to end through `axiom gate --stdin`.
import { mkdir, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bash, claude, type GateRepo, gateRepo } from "./gate-helpers";

let repo: GateRepo;
beforeAll(async () => {
  repo = await gateRepo();
  await mkdir(join(repo.root, "real"));
  await symlink(join(repo.root, "real"), join(repo.root, "linked"));
});
afterAll(() => repo.cleanup());

async function expectDeny(command: string, code: string, path?: string, tool = "Bash"): Promise<void> {
  const r = await repo.gate(claude(tool, { command }, repo.root));
  expect([command, r.code, r.deny?.axiom.code]).toEqual([command, 2, code]);
  if (path !== undefined) expect(r.deny?.axiom.path).toBe(path);
  expect(r.deny?.axiom.toolClass).toBe("shell");
}
async function expectAllow(command: string, tool = "Bash", args: string[] = []): Promise<void> {
  const r = await repo.gate(claude(tool, { command }, repo.root), args);
  expect([command, r.code, r.stdout]).toEqual([command, 0, ""]);
}

describe("shell scan (§2.6)", () => {
  it("21. `Bash` `echo x > .env` → deny `path.deny` path `.env`; `echo x > /dev/null` → allow; `cmd 2>&1` → allow", async () => {
    await expectDeny("echo x > .env", "path.deny", ".env");
    await expectDeny("echo x >>.env", "path.deny", ".env");
    await expectDeny('echo x &> ".env"', "path.deny", ".env");
    await expectAllow("echo x > /dev/null");
    await expectAllow("cmd 2>&1");
  });

  it("22. `Bash` `rm -rf .git` → deny; `rm -rf ./build` → allow; `rm -rf ..` → deny `ERR_CONTAINMENT`", async () => {
    await expectDeny("rm -rf .git", "path.deny", ".git");
    await expectAllow("rm -rf ./build");
    await expectDeny("rm -rf ..", "ERR_CONTAINMENT");
  });

  it("23. `Bash` `git clean -fdx` with a non-empty deny list → deny `path.deny` path `.`; with a gate profile `{deny: []}` → allow", async () => {
    await expectDeny("git clean -fdx", "path.deny", ".");
    await expectDeny("git reset --hard", "path.deny", ".");
    const r = await gateRepo();
    try {
      await r.write(".axiom/gate-profile.json", JSON.stringify({ deny: [] }));
      expect((await r.gate(bash("git clean -fdx", r.root))).code).toBe(0);
    } finally {
      await r.cleanup();
    }
  });

  it("24. `Bash` `git checkout -- .env` → deny; `git status` → allow", async () => {
    await expectDeny("git checkout -- .env", "path.deny", ".env");
    await expectDeny("git rm --cached .mcp.json", "path.deny", ".mcp.json");
    await expectAllow("git status");
    await expectAllow("git checkout main");
  });

  it("25. `Bash` `sed -i 's/a/b/' .env` → deny; `sed 's/a/b/' .env` → allow; `sed -e s/a/b/ -i .env` → deny", async () => {
    await expectDeny("sed -i 's/a/b/' .env", "path.deny", ".env");
    await expectAllow("sed 's/a/b/' .env");
    await expectDeny("sed -e s/a/b/ -i .env", "path.deny", ".env");
    await expectDeny("sed --in-place=.bak 's/a/b/' .env", "path.deny", ".env");
    await expectDeny("sed -ni 's/a/b/p' .env", "path.deny", ".env");
  });

  it("26. `Bash` `cp a.txt .git/hooks/pre-commit` → deny (last operand); `cp .env backup.txt` → allow", async () => {
    await expectDeny("cp a.txt .git/hooks/pre-commit", "path.deny", ".git/hooks/pre-commit");
    await expectAllow("cp .env backup.txt");
    await expectDeny("mv notes.txt .env", "path.deny", ".env");
  });

  it("27. `Bash` `echo $(cat x) > $OUT` → allow (opaque target); `FOO=1 sudo tee .env` → deny", async () => {
    await expectAllow("echo $(cat x) > $OUT");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template.
    await expectAllow("rm `cat list` ${DIR}");
    await expectDeny("FOO=1 sudo tee .env", "path.deny", ".env");
    await expectDeny("cat x | nohup /usr/bin/tee -a .env", "path.deny", ".env");
  });

  it("28. `dd if=/dev/zero of=.env` → deny; `powershell` `Set-Content -Path .env -Value x` → deny; `Remove-Item -Recurse .git` → deny", async () => {
    await expectDeny("dd if=/dev/zero of=.env bs=1", "path.deny", ".env");
    await expectDeny("Set-Content -Path .env -Value x", "path.deny", ".env", "powershell");
    await expectDeny("Remove-Item -Recurse .git", "path.deny", ".git", "powershell");
    await expectAllow("Set-Content -Path notes.txt -Value .env", "powershell");
  });

  it("29. `Bash` `del /Q .env` → deny on `.env`; `del /Q notes.txt` → allow", async () => {
    await expectDeny("del /Q .env", "path.deny", ".env", "run_in_terminal");
    await expectAllow("del /Q notes.txt", "run_in_terminal");
  });

  it('30a. Shell operand with an invalid char (`"a:b"`) → skipped, allow', async () => {
    await expectAllow('touch "a:b"');
  });

  it("31a. Shell operand through a symlinked directory → skipped", async () => {
    await expectAllow("touch linked/a.txt");
  });

  it("32. `--no-shell-scan` with `rm -rf .git` → exit 0", async () => {
    await expectAllow("rm -rf .git", "Bash", ["--no-shell-scan"]);
  });

  it("a shell tool without a command key is allowed; segments split at ; && || | &", async () => {
    expect((await repo.gate(claude("Bash", { description: "x" }, repo.root))).code).toBe(0);
    await expectDeny("ls && touch ok.txt || rm -f .env", "path.deny", ".env");
    await expectDeny("true; chmod 600 .env & wait", "path.deny", ".env");
  });
});
