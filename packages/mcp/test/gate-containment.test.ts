// Containment attacks on the gate, in process (hooks-doctor.md §2.8, §2.6 shell operands,
// decisions SEC-6): gate/resolve.ts (`resolveTarget`, `aliasPaths`) and the pipeline that applies
// them (gate/evaluate.ts `evaluateTargets`), on a real temp repo with real symbolic links. Each
// test is named after the attack and asserts the decision object (allow, code, path, fail-closed).
// The spawned-CLI tests (gate-targets, gate-shell…) judge the same end to end; these are the ones a
// mutation run (npm run mutate gate) sees.
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateTargets } from "../src/harness/gate/evaluate";
import { normalisePayload } from "../src/harness/gate/normalize";
import { GateOutput } from "../src/harness/gate/output";
import { BUILTIN_GATE_PROFILE } from "../src/harness/gate/profile";
import { aliasPaths, resolveTarget } from "../src/harness/gate/resolve";
import type { GateOptions } from "../src/harness/gate/types";
import { bash, claude, type GateRepo, gateRepo } from "./gate-helpers";

let repo: GateRepo;
/** A directory beside the root, outside it. */
let outside: string;
/** A symbolic link outside the root that points at the root (macOS /var → /private/var). */
let alias: string;
let builtin: string;
beforeAll(async () => {
  repo = await gateRepo();
  outside = join(repo.home, "..", "outside");
  alias = join(repo.home, "..", "alias");
  await mkdir(outside);
  await writeFile(join(outside, "victim.txt"), "v\n");
  await symlink(repo.root, alias);
  await repo.write("a.txt", "a\n");
  await repo.write("real/file.txt", "f\n");
  await repo.write(".claude/settings.json", "{}\n");
  await mkdir(join(repo.root, "deep/sub"), { recursive: true });
  await symlink(outside, join(repo.root, "out"));
  await symlink(join(repo.root, "real"), join(repo.root, "linked"));
  await symlink(join(repo.root, "real"), join(repo.root, "deep/sub/linked"));
  await symlink(".claude", join(repo.root, "cl"));
  await symlink(".claude/settings.json", join(repo.root, "s.json"));
  await symlink(".vscode/settings.json", join(repo.root, "dangling"));
  await symlink("real/file.txt", join(repo.root, "leaf"));
  await symlink("leaf", join(repo.root, "leaf2"));
  await symlink("../.env", join(repo.root, "deep/up"));
  await symlink(join(outside, "victim.txt"), join(repo.root, "to-victim"));
  await symlink(join(outside, "planted.txt"), join(repo.root, "to-nowhere"));
  await symlink("to-victim", join(repo.root, "to-victim2"));
  await symlink("loop-b", join(repo.root, "loop-a"));
  await symlink("loop-a", join(repo.root, "loop-b"));
  builtin = join(repo.home, "builtin.json");
  await writeFile(builtin, JSON.stringify({ deny: BUILTIN_GATE_PROFILE.deny }));
});
afterAll(() => repo.cleanup());

const resolve = (raw: string, cwd = repo.root) => resolveTarget(raw, cwd, repo.root);
const refused = (code: string, path: string) => ({ ok: false, code, message: expect.any(String), path });

describe("resolveTarget (§2.8)", () => {
  it("attack (SEC-42): a write to an in-root symbolic link that leads outside (to a file, dangling, or through a second link) → ERR_CONTAINMENT; an in-root link that lands inside stays allowed", async () => {
    expect(await resolve("to-victim")).toEqual(refused("ERR_CONTAINMENT", "to-victim"));
    expect(await resolve("to-nowhere")).toEqual(refused("ERR_CONTAINMENT", "to-nowhere"));
    expect(await resolve("to-victim2")).toEqual(refused("ERR_CONTAINMENT", "to-victim2"));
    expect(await resolve("leaf")).toEqual({ ok: true, path: "leaf" });
    expect(await resolve("leaf2")).toEqual({ ok: true, path: "leaf2" });
  });

  it("a plain relative path resolves to its RelPath; a missing directory chain is fine", async () => {
    expect(await resolve("a.txt")).toEqual({ ok: true, path: "a.txt" });
    expect(await resolve("./src/../b/c.ts")).toEqual({ ok: true, path: "b/c.ts" });
    expect(await resolve("new/dir/x.ts")).toEqual({ ok: true, path: "new/dir/x.ts" });
    expect(await resolve("x.ts", join(repo.root, "deep/sub"))).toEqual({ ok: true, path: "deep/sub/x.ts" });
  });

  it("`..` traversal out of the root → ERR_CONTAINMENT with the supplied text", async () => {
    expect(await resolve("../outside/victim.txt")).toEqual(refused("ERR_CONTAINMENT", "../outside/victim.txt"));
    expect(await resolve("src/../../x")).toEqual(refused("ERR_CONTAINMENT", "src/../../x"));
    expect(await resolve("..")).toEqual(refused("ERR_CONTAINMENT", ".."));
    expect(await resolve("../../../..", join(repo.root, "deep/sub"))).toEqual(
      refused("ERR_CONTAINMENT", "../../../.."),
    );
  });

  it("`..` traversal spelled with backslashes → ERR_CONTAINMENT on every OS", async () => {
    expect(await resolve("src\\..\\..\\x")).toEqual(refused("ERR_CONTAINMENT", "src\\..\\..\\x"));
  });

  it("the root itself as a target (`.`, the root's absolute path) → ERR_CONTAINMENT", async () => {
    expect(await resolve(".")).toEqual(refused("ERR_CONTAINMENT", "."));
    expect(await resolve(repo.root)).toEqual(refused("ERR_CONTAINMENT", repo.root));
  });

  it("absolute path outside the root → ERR_CONTAINMENT (also a sibling whose name extends the root's)", async () => {
    expect(await resolve("/etc/passwd")).toEqual(refused("ERR_CONTAINMENT", "/etc/passwd"));
    const victim = join(outside, "victim.txt");
    expect(await resolve(victim)).toEqual(refused("ERR_CONTAINMENT", victim));
    expect(await resolve(`${repo.root}-evil/x`)).toEqual(refused("ERR_CONTAINMENT", `${repo.root}-evil/x`));
  });

  it("an absolute path through a link to the root is canonicalised: inside, its missing tail kept in order", async () => {
    expect(await resolve(join(alias, "a.txt"))).toEqual({ ok: true, path: "a.txt" });
    expect(await resolve(join(alias, "new/deep/file.txt"))).toEqual({ ok: true, path: "new/deep/file.txt" });
    expect(await resolve(join(repo.root, "src/x.ts"))).toEqual({ ok: true, path: "src/x.ts" });
  });

  it("symlink escape: a directory link to outside the root in the ancestry → ERR_SYMLINK_IN_PATH", async () => {
    expect(await resolve("out/victim.txt")).toEqual(refused("ERR_SYMLINK_IN_PATH", "out/victim.txt"));
    expect(await resolve("out/new/x")).toEqual(refused("ERR_SYMLINK_IN_PATH", "out/new/x"));
  });

  it("a directory link inside the root, at any depth of the ancestry → ERR_SYMLINK_IN_PATH", async () => {
    expect(await resolve("linked/file.txt")).toEqual(refused("ERR_SYMLINK_IN_PATH", "linked/file.txt"));
    expect(await resolve("deep/sub/linked/x")).toEqual(refused("ERR_SYMLINK_IN_PATH", "deep/sub/linked/x"));
  });

  it("the leaf is never lstat'd by §2.8: a leaf link resolves as its own path (aliasPaths judges where it lands)", async () => {
    expect(await resolve("leaf")).toEqual({ ok: true, path: "leaf" });
    expect(await resolve("linked")).toEqual({ ok: true, path: "linked" });
  });

  it("a file used as a directory → ERR_TARGET_TYPE", async () => {
    expect(await resolve("a.txt/x")).toEqual(refused("ERR_TARGET_TYPE", "a.txt/x"));
    expect(await resolve("real/file.txt/y/z")).toEqual(refused("ERR_TARGET_TYPE", "real/file.txt/y/z"));
  });

  it("RelPath rules name the first listed issue: reserved name, invalid char, not NFC, bad segment", async () => {
    expect(await resolve("CON/a.txt")).toEqual(refused("ERR_PATH_RESERVED_NAME", "CON/a.txt"));
    expect(await resolve("a:b")).toEqual(refused("ERR_PATH_INVALID_CHAR", "a:b"));
    expect(await resolve("e\u0301.txt")).toEqual(refused("ERR_PATH_NOT_NFC", "e\u0301.txt"));
    expect(await resolve("dir./x")).toEqual(refused("ERR_PATH_SEGMENT", "dir./x"));
    expect(await resolve("a /x")).toEqual(refused("ERR_PATH_SEGMENT", "a /x"));
  });

  it("a leading `x:` is a colon, not a drive letter, once the text is relative (acceptance 30)", async () => {
    expect(await resolve("c:foo")).toEqual(refused("ERR_PATH_INVALID_CHAR", "c:foo"));
  });

  it("a path past the RelPath length limit → ERR_PATH_SEGMENT", async () => {
    const long = `${"d/".repeat(600)}x`;
    expect(await resolve(long)).toMatchObject({ ok: false, code: "ERR_PATH_SEGMENT", path: long });
  });
});

describe("resolveTarget: the root's own realpath must stay the root", () => {
  it("a root spelled through a symbolic link is refused for every path (its realpath is elsewhere)", async () => {
    expect(await resolveTarget("a.txt", alias, alias)).toEqual(refused("ERR_CONTAINMENT", "a.txt"));
  });

  it("symlink escape at the root: a root whose realpath is a sibling sharing its name prefix is refused", async () => {
    const base = join(repo.home, "..");
    await mkdir(join(base, "sib-evil"), { recursive: true });
    await symlink(join(base, "sib-evil"), join(base, "sib"));
    const root = join(base, "sib");
    expect(await resolveTarget("x.txt", root, root)).toEqual(refused("ERR_CONTAINMENT", "x.txt"));
  });

  it("a root that does not exist → ERR_CONTAINMENT (fail-closed)", async () => {
    const root = join(repo.home, "..", "no-such-root");
    expect(await resolveTarget("a.txt", root, root)).toEqual(refused("ERR_CONTAINMENT", "a.txt"));
  });
});

describe("aliasPaths (decisions SEC-6)", () => {
  const aliases = (raw: string, cwd = repo.root) => aliasPaths(raw, cwd, repo.root);

  it("a plain path has one name, its own", () => {
    expect(aliases("a.txt")).toEqual(["a.txt"]);
    expect(aliases("new/x.ts")).toEqual(["new/x.ts"]);
  });

  it("symlink to a protected file: a leaf link's landing path is named (relative link target)", () => {
    expect(aliases("s.json")).toEqual(["s.json", ".claude/settings.json"]);
  });

  it("a dangling link names the path a write through it would create", () => {
    expect(aliases("dangling")).toEqual(["dangling", ".vscode/settings.json"]);
  });

  it("a chain of links is followed to the end; a link's target is read relative to its own directory", () => {
    expect(aliases("leaf2")).toEqual(["leaf2", "real/file.txt"]);
    expect(aliases("deep/up")).toEqual(["deep/up", ".env"]);
  });

  it("a link in the ancestry lands under its target, the missing tail kept in order", () => {
    expect(aliases("cl/settings.json")).toEqual(["cl/settings.json", ".claude/settings.json"]);
    expect(aliases("cl/new/deep.json")).toEqual(["cl/new/deep.json", ".claude/new/deep.json"]);
  });

  it("an absolute path through a link to the root names the lexical path under the root too", () => {
    expect(aliases(join(repo.root, "linked/file.txt"))).toEqual(["linked/file.txt", "real/file.txt"]);
    expect(aliases(join(alias, "s.json"))).toEqual([".claude/settings.json"]);
  });

  it("symlink escape: a landing outside the root is left out (containment is resolveTarget's)", () => {
    expect(aliases("out/victim.txt")).toEqual(["out/victim.txt"]);
    expect(aliases("../outside/victim.txt")).toEqual([]);
    expect(aliases("/etc/passwd")).toEqual([]);
  });

  it("the root itself and its parent are no names under the root", () => {
    expect(aliases(".")).toEqual([]);
    expect(aliases(repo.root)).toEqual([]);
    expect(aliases("..")).toEqual([]);
    expect(aliases("../..")).toEqual([]);
  });

  it("a link loop ends (at most 40 hops) with the names it has", () => {
    const names = aliases("loop-a");
    expect(names[0]).toBe("loop-a");
    expect(names.every((n) => n === "loop-a" || n === "loop-b")).toBe(true);
  });

  it("backslashes are separators", () => {
    expect(aliases("cl\\settings.json")).toEqual(["cl/settings.json", ".claude/settings.json"]);
  });
});

// The whole write/shell pipeline of one hook call.
const options = (o: Partial<GateOptions> = {}): GateOptions => ({
  profile: builtin,
  failOpen: false,
  shellScan: true,
  rootDiscovery: true,
  logLevel: "error",
  ...o,
});

async function gate(payload: Record<string, unknown>, o: Partial<GateOptions> = {}, cls?: "write" | "shell") {
  const p = normalisePayload(JSON.stringify(payload));
  if (!p || p.toolName === undefined) throw new Error("payload without a tool name");
  const toolClass = cls ?? (p.toolName === "Bash" ? "shell" : "write");
  return evaluateTargets({ ...p, toolName: p.toolName }, toolClass, options(o), new GateOutput("error"));
}
const write = (file_path: string, cwd = repo.root, content = "x") => claude("Write", { file_path, content }, cwd);
const denied = (code: string, path?: string) => ({
  allow: false,
  denial: { code, message: expect.any(String), ...(path !== undefined ? { path } : {}) },
});
const failClosed = (code: string) => ({
  allow: false,
  denial: { code, message: expect.any(String), failClosed: true },
});

describe("evaluateTargets: write-class attacks", () => {
  it("a benign write inside the root is allowed", async () => {
    expect(await gate(write("src/ok.ts"))).toEqual({ allow: true });
  });

  it("attack (SEC-42): Write and Bash `>` to an in-root symlink whose target is outside the root → denied ERR_CONTAINMENT", async () => {
    expect(await gate(write("to-victim"))).toEqual(denied("ERR_CONTAINMENT", "to-victim"));
    expect(await gate(write("to-nowhere"))).toEqual(denied("ERR_CONTAINMENT", "to-nowhere"));
    expect(await gate(bash("echo x > to-victim2", repo.root))).toMatchObject({
      allow: false,
      denial: { code: "ERR_CONTAINMENT" },
    });
    expect(await gate(write("leaf"))).toEqual({ allow: true });
  });

  it("protected path write: .git/ and .axiom/ → path.deny", async () => {
    expect(await gate(write(".git/config"))).toEqual(denied("path.deny", ".git/config"));
    expect(await gate(write(".git/hooks/pre-commit"))).toEqual(denied("path.deny", ".git/hooks/pre-commit"));
    expect(await gate(write(".axiom/gate-profile.json"))).toEqual(denied("path.deny", ".axiom/gate-profile.json"));
    expect(await gate(write(".axiom/trust/state.json"))).toEqual(denied("path.deny", ".axiom/trust/state.json"));
  });

  it("case trick on a protected path: `.GIT/config`, `.AXIOM/x`, `.Claude/Settings.json` → path.deny", async () => {
    expect(await gate(write(".GIT/config"))).toEqual(denied("path.deny", ".GIT/config"));
    expect(await gate(write(".AXIOM/x"))).toEqual(denied("path.deny", ".AXIOM/x"));
    expect(await gate(write(".Claude/Settings.json"))).toEqual(denied("path.deny", ".Claude/Settings.json"));
  });

  it("`..` traversal out of the root → ERR_CONTAINMENT; back into it onto a protected file → path.deny", async () => {
    expect(await gate(write("../outside/victim.txt"))).toEqual(denied("ERR_CONTAINMENT", "../outside/victim.txt"));
    expect(await gate(write("../repo/.env"))).toEqual(denied("path.deny", ".env"));
    expect(await gate(write("../../.git/config", join(repo.root, "deep/sub")))).toEqual(
      denied("path.deny", ".git/config"),
    );
  });

  it("absolute path outside the root → ERR_CONTAINMENT; inside through a link to the root → judged by its path", async () => {
    expect(await gate(write("/etc/passwd"))).toEqual(denied("ERR_CONTAINMENT", "/etc/passwd"));
    expect(await gate(write(join(alias, "src/ok.ts")))).toEqual({ allow: true });
    expect(await gate(write(join(alias, ".git/config")))).toEqual(denied("path.deny", ".git/config"));
  });

  it("symlink escape: a write through a directory link out of the root → ERR_SYMLINK_IN_PATH", async () => {
    expect(await gate(write("out/victim.txt"))).toEqual(denied("ERR_SYMLINK_IN_PATH", "out/victim.txt"));
    expect(await gate(write("linked/file.txt"))).toEqual(denied("ERR_SYMLINK_IN_PATH", "linked/file.txt"));
  });

  it("symlink onto a protected path: a directory link, a leaf link and a dangling link → path.deny where it lands", async () => {
    expect(await gate(write("cl/settings.json"))).toEqual(denied("path.deny", ".claude/settings.json"));
    expect(await gate(write("s.json"))).toEqual(denied("path.deny", ".claude/settings.json"));
    expect(await gate(write("dangling"))).toEqual(denied("path.deny", ".vscode/settings.json"));
    expect(await gate(write("deep/up"))).toEqual(denied("path.deny", ".env"));
  });

  it("a leaf link onto an ordinary in-root file is allowed (both names pass the predicates)", async () => {
    expect(await gate(write("leaf"))).toEqual({ allow: true });
  });

  it("a secret written through a leaf link → content.noSecrets (the link name, the first target carrying it)", async () => {
    const r = await gate(write("leaf", repo.root, 'k = "AKIAABCDEFGHIJKLMNOP"'));
    expect(r).toEqual(denied("content.noSecrets.awsKey", "leaf"));
  });

  it("several targets: judged in extraction order, the first refusal wins", async () => {
    const patch = (body: string) => ({ tool_name: "apply_patch", tool_input: { input: body }, cwd: repo.root });
    const two = (a: string, b: string) =>
      patch(`*** Begin Patch\n*** Add File: ${a}\n+x\n*** Add File: ${b}\n+y\n*** End Patch\n`);
    expect(await gate(two("src/a.ts", ".env"))).toEqual(denied("path.deny", ".env"));
    expect(await gate(two("../x", ".env"))).toEqual(denied("ERR_CONTAINMENT", "../x"));
    expect(await gate(two("out/x", "../y"))).toEqual(denied("ERR_SYMLINK_IN_PATH", "out/x"));
  });

  it("every target is resolved before any predicate: a later target outside the root is reported before an earlier one's denied landing", async () => {
    const patch = `*** Begin Patch\n*** Add File: s.json\n+x\n*** Add File: ../x\n+y\n*** End Patch\n`;
    const r = await gate({ tool_name: "apply_patch", tool_input: { input: patch }, cwd: repo.root });
    expect(r).toEqual(denied("ERR_CONTAINMENT", "../x"));
  });

  it("without --profile the root's .axiom/gate-profile.json applies (no merging with the built-in)", async () => {
    const r2 = await gateRepo();
    try {
      await r2.write(".axiom/gate-profile.json", JSON.stringify({ deny: ["secret/**"] }));
      const o = { profile: undefined };
      expect(await gate(write("secret/a", r2.root), o)).toEqual(denied("path.deny", "secret/a"));
      expect(await gate(write(".env", r2.root), o)).toEqual({ allow: true });
    } finally {
      await r2.cleanup();
    }
  });

  it("RelPath refusals keep their code: `CON/a.txt` → ERR_PATH_RESERVED_NAME, `a:b` → ERR_PATH_INVALID_CHAR", async () => {
    expect(await gate(write("CON/a.txt"))).toEqual(denied("ERR_PATH_RESERVED_NAME", "CON/a.txt"));
    expect(await gate(write("a:b"))).toEqual(denied("ERR_PATH_INVALID_CHAR", "a:b"));
  });

  it("fail-closed cases carry failClosed: no target, an unreadable patch, a missing cwd, a broken profile", async () => {
    expect(await gate(claude("Write", { content: "x" }, repo.root))).toEqual(failClosed("ERR_UNSUPPORTED_OP"));
    const bad = { tool_name: "apply_patch", tool_input: { input: "*** Begin Patch\n*** Bogus: x\n" }, cwd: repo.root };
    expect(await gate(bad)).toEqual(failClosed("ERR_PATCH_FORMAT"));
    expect(await gate(write("a.txt", join(repo.root, "no/such/dir")))).toEqual(failClosed("ERR_INTERNAL"));
    expect(await gate(write("a.txt"), { profile: join(repo.home, "missing.json") })).toEqual(
      failClosed("ERR_INTERNAL"),
    );
  });

  it("without root discovery the cwd is the root: `../../.env` from a subdirectory escapes it", async () => {
    const cwd = join(repo.root, "deep/sub");
    expect(await gate(write("../../.env", cwd), { rootDiscovery: false })).toEqual(
      denied("ERR_CONTAINMENT", "../../.env"),
    );
    expect(await gate(write("../../.env", cwd))).toEqual(denied("path.deny", ".env"));
  });

  it("the payload cwd wins over --root; absent, --root is the start", async () => {
    const p = write("../../.env", join(repo.root, "deep/sub"));
    expect(await gate(p, { root: "/" })).toEqual(denied("path.deny", ".env"));
    const noCwd = { tool_name: "Write", tool_input: { file_path: "deep/x", content: "x" } };
    expect(await gate(noCwd, { root: repo.root })).toEqual({ allow: true });
    expect(await gate({ ...noCwd, tool_input: { file_path: ".env", content: "x" } }, { root: repo.root })).toEqual(
      denied("path.deny", ".env"),
    );
  });
});

describe("evaluateTargets: route mode after containment (decisions HOOK-20)", () => {
  const routed = (path: string, tool = "mcp__axiom__axiom_write") => ({
    allow: false,
    denial: { code: "ERR_UNSUPPORTED_OP", message: expect.any(String), path, route: tool },
  });

  it("--route all routes a benign write; the protected-path denial comes first", async () => {
    expect(await gate(write("src/a.ts"), { route: "all" })).toEqual(routed("src/a.ts"));
    expect(await gate(write(".git/config"), { route: "all" })).toEqual(denied("path.deny", ".git/config"));
  });

  it("the route names the harness's write tool (--harness wins over the payload's shape)", async () => {
    expect(await gate(write("src/a.ts"), { route: "all", harness: "copilot" })).toEqual(
      routed("src/a.ts", "axiom-axiom_write"),
    );
  });

  it("the route flag wins over the profile's route; a profile route applies when the flag is absent", async () => {
    const prof = join(repo.home, "route-all.json");
    await writeFile(prof, JSON.stringify({ deny: [".git/**"], route: "all", native: ["docs/**"] }));
    expect(await gate(write("src/a.ts"), { profile: prof })).toEqual(routed("src/a.ts"));
    expect(await gate(write("docs/a.md"), { profile: prof })).toEqual({ allow: true });
    expect(await gate(write("src/a.ts"), { profile: prof, route: "protected" })).toEqual({ allow: true });
  });

  it("the route message names the root-relative path, not the spelling the tool used", async () => {
    const r = await gate(write(join(alias, "src/a.ts")), { route: "all" });
    expect(r).toEqual(routed("src/a.ts"));
    const message = r.allow ? "" : r.denial.message;
    expect(message).toContain('"path":"src/a.ts"');
    expect(message).not.toContain(alias);
  });

  it("a shell command is never routed", async () => {
    expect(await gate(bash("echo x > src/a.ts", repo.root), { route: "all" })).toEqual({ allow: true });
  });
});

describe("evaluateTargets: a Bash command writing outside (§2.6)", () => {
  it("a redirection out of the root → ERR_CONTAINMENT; an absolute one too", async () => {
    expect(await gate(bash("echo x > ../outside/victim.txt", repo.root))).toEqual(
      denied("ERR_CONTAINMENT", "../outside/victim.txt"),
    );
    const victim = join(outside, "victim.txt");
    expect(await gate(bash(`cp a.txt ${victim}`, repo.root))).toEqual(denied("ERR_CONTAINMENT", victim));
  });

  it("a benign shell write inside the root is allowed; --no-shell-scan allows without judging", async () => {
    expect(await gate(bash("echo x > src/a.ts", repo.root))).toEqual({ allow: true });
    expect(await gate(bash("echo x > ../outside/victim.txt", repo.root), { shellScan: false })).toEqual({
      allow: true,
    });
  });

  it("a shell write to a protected path → path.deny", async () => {
    expect(await gate(bash("echo x > .git/hooks/pre-commit", repo.root))).toMatchObject({
      allow: false,
      denial: { code: "path.deny", path: ".git/hooks/pre-commit" },
    });
  });

  it("a shell operand through a link to an ordinary directory is skipped (§2.6), onto a protected one denied", async () => {
    expect(await gate(bash("echo x > linked/y", repo.root))).toEqual({ allow: true });
    expect(await gate(bash("echo x > cl/settings.json", repo.root))).toEqual(
      denied("path.deny", ".claude/settings.json"),
    );
  });

  it("a destructive command on the whole tree (`.`) → path.deny `.` with a deny list, skipped without one", async () => {
    expect(await gate(bash("git clean -fdx", repo.root))).toEqual(denied("path.deny", "."));
    const empty = join(repo.home, "empty.json");
    await writeFile(empty, JSON.stringify({ deny: [] }));
    expect(await gate(bash("git clean -fdx", repo.root), { profile: empty })).toEqual({ allow: true });
  });

  it("a shell operand outside the root is refused even with an empty deny list", async () => {
    const empty = join(repo.home, "empty2.json");
    await writeFile(empty, JSON.stringify({ deny: [] }));
    expect(await gate(bash("rm ../outside/victim.txt", repo.root), { profile: empty })).toEqual(
      denied("ERR_CONTAINMENT", "../outside/victim.txt"),
    );
  });

  it.each(["cmd", "script", "commandLine", "command_line"])(
    "a Bash command writing outside under the input key `%s` → ERR_CONTAINMENT",
    async (key) => {
      const payload = { tool_name: "Bash", tool_input: { [key]: "echo x > ../outside/victim.txt" }, cwd: repo.root };
      expect(await gate(payload)).toEqual(denied("ERR_CONTAINMENT", "../outside/victim.txt"));
    },
  );

  it("a shell tool call without a command is allowed before the root or profile is read", async () => {
    const payload = { tool_name: "Bash", tool_input: { description: "x" }, cwd: repo.root };
    expect(await gate(payload, { profile: join(repo.home, "missing.json") })).toEqual({ allow: true });
  });

  it("a command that writes nothing is allowed; a raw-string tool input is the command", async () => {
    expect(await gate(bash("ls -la", repo.root))).toEqual({ allow: true });
    const raw = { tool_name: "Bash", tool_input: "echo x > ../outside/victim.txt", cwd: repo.root };
    expect(await gate(raw)).toEqual(denied("ERR_CONTAINMENT", "../outside/victim.txt"));
  });
});
