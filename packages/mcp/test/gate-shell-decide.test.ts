// In-process units of the shell judgement's decisions (decisions SEC-4), named after the attacks
// they stop: what each finding of the walk means against the deny globs (shell/decide.ts), the
// protected-set predicates it asks (shell/protect.ts) and the fail-closed rule for text the gate
// cannot resolve (shell/mention.ts). Each asserts the outcome: the denial's code and path, or
// which operands go on to be judged as targets. (The spawned-CLI gate tests never see a mutant of
// src; the mutation target `gate-shell` is judged by these and the other in-process gate tests.)
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILTIN_GATE_PROFILE } from "../src/harness/gate/profile";
import type { Finding } from "../src/harness/gate/shell/analyze/findings";
import { decide } from "../src/harness/gate/shell/decide";
import { judgeShell } from "../src/harness/gate/shell/judge";
import { mentionHit } from "../src/harness/gate/shell/mention";
import { protectionOf } from "../src/harness/gate/shell/protect";
import type { ShellContext } from "../src/harness/gate/shell/scope";

/** More entries than the disk walk visits (disk.ts DISK_BUDGET, 2000): a glob there is "too many". */
const CROWD = 2001;

let root: string;
beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "axiom-shell-decide-")));
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "src/b.txt"), "b\n");
  writeFileSync(join(root, "src/a.txt"), "a\n");
  mkdirSync(join(root, "crowd"));
  for (let i = 0; i < CROWD; i++) writeFileSync(join(root, "crowd", `f${i}.txt`), "");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ctxOf = (deny: readonly string[], cwd = root): ShellContext => ({ cwd, root, deny });
const run = (findings: Finding[], deny: readonly string[] = BUILTIN_GATE_PROFILE.deny, cwd = root) =>
  decide(ctxOf(deny, cwd), findings);
const denial = (path: string) => ({ code: "path.deny", message: expect.any(String), path });
const via = "test";

describe("decide: the order of findings and the literal targets", () => {
  it("literal paths are targets as spelled; root paths are joined to the root; nothing denied has no denial key", () => {
    const r = run([
      { kind: "path", raw: "src/a.txt", op: "write", via },
      { kind: "path", raw: "/elsewhere/x", op: "delete", via },
      { kind: "rootPath", rel: ".git/config", op: "write", via },
    ]);
    expect(r).toStrictEqual({
      targets: [
        { raw: "src/a.txt", op: "write" },
        { raw: "/elsewhere/x", op: "delete" },
        { raw: join(root, ".git/config"), op: "write" },
      ],
    });
  });

  it("the first denial wins and stops the walk: later findings are neither judged nor targets", () => {
    const r = run([
      { kind: "path", raw: "src/a.txt", op: "write", via },
      { kind: "into", dir: join(root, ".claude"), op: "write", via },
      { kind: "alias", source: join(root, ".env"), via },
      { kind: "path", raw: "src/b.txt", op: "write", via },
    ]);
    expect(r).toStrictEqual({ targets: [{ raw: "src/a.txt", op: "write" }], denial: denial(".claude") });
  });
});

describe("decide: live globs (SEC-4)", () => {
  it("a glob that could name .claude/settings.json (`.cl*/settings.json`) is denied with the glob as path", () => {
    expect(run([{ kind: "glob", pattern: join(root, ".cl*/sett?ngs.json"), op: "write", via }])).toStrictEqual({
      targets: [],
      denial: denial(".cl*/sett?ngs.json"),
    });
  });

  it("a glob reaching .env from a subdirectory (`../.en?`) is denied as the root-relative glob", () => {
    const r = run(
      [{ kind: "glob", pattern: "../.en?", op: "delete", via }],
      BUILTIN_GATE_PROFILE.deny,
      join(root, "src"),
    );
    expect(r).toStrictEqual({ targets: [], denial: denial(".en?") });
  });

  it("a glob whose escaped characters are literal is denied under its literal name", () => {
    const r = run([{ kind: "glob", pattern: "conf/\\[x\\]*", op: "write", via }], ["conf/[[]x]1"]);
    expect(r).toStrictEqual({ targets: [], denial: denial("conf/[x]*") });
  });

  it("a harmless glob's matches on disk are the targets, each joined to the root, with the finding's op", () => {
    const r = run([{ kind: "glob", pattern: "src/*.txt", op: "delete", via }]);
    expect(r.denial).toBeUndefined();
    expect(r.targets.map((t) => t.raw).sort()).toEqual([join(root, "src/a.txt"), join(root, "src/b.txt")]);
    expect(r.targets.every((t) => t.op === "delete")).toBe(true);
  });

  it("a glob that matches nothing is judged by its literal text (what the shell passes on)", () => {
    expect(run([{ kind: "glob", pattern: "src/none\\[1\\]*", op: "write", via }])).toStrictEqual({
      targets: [{ raw: "src/none[1]*", op: "write" }],
    });
  });

  it("a glob outside the root is a target under its literal text (containment then refuses it)", () => {
    expect(run([{ kind: "glob", pattern: "/elsewhere/a\\?b*", op: "write", via }])).toStrictEqual({
      targets: [{ raw: "/elsewhere/a?b*", op: "write" }],
    });
  });

  it("a glob with too many matches to list whose last segment could be settings.json (`crowd/*.json`) is denied", () => {
    const deny = ["**/settings.json"];
    expect(run([{ kind: "glob", pattern: "crowd/*.json", op: "write", via }], deny)).toStrictEqual({
      targets: [],
      denial: denial("crowd/*.json"),
    });
  });

  it("a glob over a crowded directory that ends in settings.json (`crowd/*/settings.json`) is denied by its last segment", () => {
    expect(
      run([{ kind: "glob", pattern: "crowd/*/settings.json", op: "write", via }], ["**/settings.json"]),
    ).toStrictEqual({ targets: [], denial: denial("crowd/*/settings.json") });
  });

  it("a glob with too many matches and a harmless or purely wild last segment is allowed, with no targets", () => {
    const deny = ["**/settings.json"];
    for (const pattern of ["crowd/*.txt", "crowd/*", "crowd/?", "crowd/*?", "crowd/**"])
      expect([pattern, run([{ kind: "glob", pattern, op: "delete", via }], deny)]).toStrictEqual([
        pattern,
        { targets: [] },
      ]);
  });
});

describe("decide: names the gate cannot know, written into a directory (cp -t, tar -C, unzip -d)", () => {
  it("writing unknown names into .claude (a directory that holds protected paths) is denied with the directory", () => {
    expect(run([{ kind: "into", dir: join(root, ".claude"), op: "write", via }])).toStrictEqual({
      targets: [],
      denial: denial(".claude"),
    });
  });

  it("a directory whose entries a `**/` glob denies (`pkg/cache` under `**/cache/*`) is denied", () => {
    expect(run([{ kind: "into", dir: "pkg/cache", op: "write", via }], ["**/cache/*"])).toStrictEqual({
      targets: [],
      denial: denial("pkg/cache"),
    });
  });

  it("an ordinary directory, one outside the root and the root itself are not denied (SEC-4: the root is left open)", () => {
    for (const dir of ["src", "/elsewhere/.claude"])
      expect([dir, run([{ kind: "into", dir, op: "write", via }], [".claude/**"])]).toStrictEqual([
        dir,
        { targets: [] },
      ]);
    // `**/x` would deny any directory's entry `x`; the root's unknown names are left to the later
    // checks (SEC-4 "not closed": an archive extracted at the root itself).
    for (const dir of [root, "."])
      expect([dir, run([{ kind: "into", dir, op: "write", via }], ["**/x"])]).toStrictEqual([dir, { targets: [] }]);
  });
});

describe('decide: a write from a directory the gate cannot know (`cd "$X"`, `$D/settings.json`)', () => {
  const loose = (name: string, deny: readonly string[] = BUILTIN_GATE_PROFILE.deny) =>
    run([{ kind: "loose", name, op: "write", via }], deny);

  it("`$D/settings.json`: a file name that could be the last segment of a deny glob is denied", () => {
    expect(loose("settings.json")).toStrictEqual({ targets: [], denial: denial("settings.json") });
    expect(loose("x/.env.local")).toStrictEqual({ targets: [], denial: denial("x/.env.local") });
  });

  it("an escaped name is denied under its literal spelling", () => {
    expect(loose("a\\*b", ["a\\*b"])).toStrictEqual({ targets: [], denial: denial("a*b") });
  });

  it("a glob from an unknown directory that could name a root-anchored denied path (`conf/*`) is denied", () => {
    expect(loose("conf/*", ["conf/prod.json"])).toStrictEqual({ targets: [], denial: denial("conf/*") });
    expect(loose("*.json", ["**/settings.json"])).toStrictEqual({ targets: [], denial: denial("*.json") });
  });

  it("a protected directory named from an unknown directory (`$X` then `.git`) is denied", () => {
    expect(loose(".git", [".git/**"])).toStrictEqual({ targets: [], denial: denial(".git") });
    // `conf` itself is not denied, but `conf/*/x` is: writing it from anywhere may put x there.
    expect(loose("conf", ["conf/*/x"])).toStrictEqual({ targets: [], denial: denial("conf") });
  });

  it("harmless names and purely wild globs that name no anchored denied path are allowed", () => {
    const deny = ["conf/settings.json"];
    for (const name of ["out.txt", "*", "?", "*?", "src/*"])
      expect([name, loose(name, deny)]).toStrictEqual([name, { targets: [] }]);
  });

  it("a literal name is judged by the deny globs, not as a glob: `conf\\*` does not name conf/prod.json", () => {
    expect(loose("conf\\*", ["conf/prod.json"])).toStrictEqual({ targets: [] });
  });
});

describe("decide: opaque programs, their directories and links", () => {
  it("an opaque program's text naming .env (`python3 -c \"open('.env','w')\"`) is denied with the path", () => {
    expect(run([{ kind: "mention", text: "python3 -c open('.env','w')", cwd: "", via }])).toStrictEqual({
      targets: [],
      denial: denial(".env"),
    });
    expect(run([{ kind: "mention", text: "python3 -c print(1)", cwd: "", via }])).toStrictEqual({ targets: [] });
  });

  it("an opaque program run in .git/hooks is denied with the directory; elsewhere, outside or at the root it is not", () => {
    expect(run([{ kind: "area", dir: join(root, ".git/hooks"), via }])).toStrictEqual({
      targets: [],
      denial: denial(".git/hooks"),
    });
    for (const dir of ["src", "/elsewhere/.git"])
      expect([dir, run([{ kind: "area", dir, via }])]).toStrictEqual([dir, { targets: [] }]);
    expect(run([{ kind: "area", dir: root, via }], ["**"])).toStrictEqual({ targets: [] });
  });

  it("a link to .env (`ln -s .env x`) or to the .claude directory is denied with the source", () => {
    expect(run([{ kind: "alias", source: ".env", via }])).toStrictEqual({ targets: [], denial: denial(".env") });
    expect(run([{ kind: "alias", source: ".claude", via }])).toStrictEqual({ targets: [], denial: denial(".claude") });
  });

  it("a link to an ordinary file, to a file outside the root, or to the root itself is not denied", () => {
    for (const source of ["src/a.txt", "/elsewhere/.env", root])
      expect([source, run([{ kind: "alias", source, via }])]).toStrictEqual([source, { targets: [] }]);
  });
});

describe("protectionOf: the protected set the decisions ask about", () => {
  it("denied is the nocase deny predicate, and never the root itself", () => {
    const P = protectionOf([".env", "**"]);
    expect(protectionOf([".env"]).denied(".ENV")).toBe(true);
    expect(protectionOf([".env"]).denied("src/.env")).toBe(false);
    expect(P.denied("")).toBe(false);
  });

  it("brace lists in deny globs are expanded before a glob is compared (`conf/{prod,stage}.json`)", () => {
    const P = protectionOf(["conf/{prod,stage}.json"]);
    expect(P.couldName("conf/st*")).toBe(true);
    expect(P.couldName("conf/p*")).toBe(true);
    expect(P.couldName("conf/x*")).toBe(false);
    expect(P.fileName("stage.j?on")).toBe(true);
    expect(P.area("conf")).toBe(true);
  });

  it("couldName is decided on root-anchored deny globs only: `**/…` globs are judged on concrete paths", () => {
    const P = protectionOf(["**/node_modules/**", ".git/**"]);
    expect(P.couldName("src/*")).toBe(false);
    expect(P.couldName(".gi?/config")).toBe(true);
    expect(P.couldName("")).toBe(false);
  });

  it("area: a protected directory, or one a deny glob is denied in; never the root or `.`", () => {
    const P = protectionOf(["**/.env", "conf/*/x", "*/y"]);
    expect(P.area("pkg/.env")).toBe(true); // denied itself (a `**/` glob, not anchored)
    expect(P.area("conf")).toBe(true);
    expect(P.area("conf/a")).toBe(true);
    expect(P.area("src")).toBe(true); // `*/y`: src/y is denied
    expect(protectionOf(["conf/*/x"]).area("src")).toBe(false);
    expect(P.area("")).toBe(false);
    expect(P.area(".")).toBe(false);
  });

  it("area reads the directory as a literal name: `a*b` does not stand for a1b", () => {
    expect(protectionOf(["a1b/x"]).area("a*b")).toBe(false);
    expect(protectionOf(["a1b/x"]).area("a1b")).toBe(true);
  });

  it("fileName: one segment that could be the last segment of a deny glob; wild last segments are left out", () => {
    const P = protectionOf([".git/**", "x/?", "conf/", "**/*.lock", "a/settings.json"]);
    expect(P.fileName("yarn.lock")).toBe(true);
    expect(P.fileName("conf")).toBe(true); // a trailing `/` leaves the name before it
    expect(P.fileName("settings.json")).toBe(true);
    expect(P.fileName("a")).toBe(false);
    const wild = protectionOf([".git/**", "x/?"]); // end in wildcards only: no file name to meet
    expect(wild.fileName("*")).toBe(false);
    expect(wild.fileName("?")).toBe(false);
    expect(P.fileName("*/**")).toBe(false); // two segments: not a file name
    expect(P.fileName("x/settings.json")).toBe(false);
    expect(protectionOf(["**"]).fileName("a")).toBe(false);
    expect(protectionOf(["x/*?"]).fileName("a")).toBe(false);
  });
});

describe("mentionHit: the fail-closed rule for text the gate cannot resolve", () => {
  const hit = (text: string, deny: readonly string[], cwd: string | null = "", ctxCwd = root) =>
    mentionHit(ctxOf(deny, ctxCwd), protectionOf(deny), text, cwd);

  it("tokens are split on shell punctuation and quotes: `open('.env','w')` names .env", () => {
    expect(hit("open('.env','w')", [".env"])).toBe(".env");
    expect(hit("x;.claude/settings.json|y", [".claude/settings.json"])).toBe(".claude/settings.json");
    expect(hit("echo safe.txt", [".env"])).toBeUndefined();
  });

  it("letters, digits and `._-/@+%` stay inside one token: `a@.env`, `ü.env`, `1.env` are not .env", () => {
    for (const t of ["a@.env", "a+.env", "a%.env", "ü.env", "1.env", "a-.env", "a_.env"])
      expect([t, hit(t, [".env"])]).toEqual([t, undefined]);
  });

  it("the first protected token wins", () => {
    expect(hit("cp .mcp.json .env", [".env", ".mcp.json"])).toBe(".mcp.json");
  });

  it("single characters are not paths; two are", () => {
    expect(hit("x", ["x"])).toBeUndefined();
    expect(hit("ab", ["ab"])).toBe("ab");
  });

  it("a short option with the path glued on (`-o.env`, `--o.env`, `-.env`) names the path", () => {
    expect(hit("curl -o.env", [".env"])).toBe(".env");
    expect(hit("x --o.env", [".env"])).toBe(".env");
    expect(hit("x -.env", [".env"])).toBe(".env");
    expect(hit("x -oab", ["ab"])).toBe("ab");
    expect(hit("x -ob", ["b"])).toBeUndefined(); // one character left: not a path
  });

  it("home paths and dot-only tokens are not judged (`~/.env`, `..`)", () => {
    expect(hit("cat ~/.env", ["**/.env"])).toBeUndefined();
    // Only dot-only tokens are skipped: a protected directory spelled with a trailing `/.` is judged.
    expect(hit("python3 x.py .claude/.", [".claude/**"])).toBe(".claude");
    expect(hit("cd .. ...", ["**/.*"], null)).toBeUndefined();
  });

  it("an absolute token is judged root-relative; one outside the root names nothing, even from an unknown cwd", () => {
    expect(hit(`cat ${root}/.env`, [".env"])).toBe(".env");
    expect(hit(`cat ${root}/.env`, [".env"], null)).toBe(".env");
    expect(hit("cat /elsewhere/.env", ["**/.env"], null)).toBeUndefined();
    expect(hit(root, ["**"])).toBeUndefined();
  });

  it("a protected directory that is not itself denied (.claude under `.claude/settings.json`) is named, from a known cwd or not", () => {
    expect(hit("cp x.txt .claude", [".claude/settings.json"])).toBe(".claude");
    expect(hit("cp x.txt .claude", [".claude/settings.json"], null)).toBe(".claude");
  });

  it("a relative token is resolved against the walk's cwd: `../.env` from src, `xy` in .claude", () => {
    expect(hit("cat ../.env", [".env"], "src")).toBe(".env");
    expect(hit("xy", [".claude/**"], ".claude")).toBe(".claude/xy");
    expect(hit("xy", [".claude/**"], "src")).toBeUndefined();
    expect(hit("../..", [".claude/**"], ".claude/a")).toBeUndefined(); // the root itself
  });

  it("from an unknown cwd, a protected path or directory is named as spelled, `./` dropped", () => {
    expect(hit("cat ./.env", [".env"], null)).toBe(".env");
    expect(hit("cp x .claude", [".claude/**"], null)).toBe(".claude");
  });

  it("from an unknown cwd, a file name that could end a deny glob names it (`$X/settings.json`)", () => {
    expect(hit("cat sub/settings.json", ["a/settings.json"], null)).toBe("sub/settings.json");
    expect(hit("cat settings.json", ["a/settings.json"], null)).toBe("settings.json");
    expect(hit("cat x/y/settings.json", ["a/settings.json"], null)).toBe("x/y/settings.json");
    expect(hit("cat sub./.env", [".env"], null)).toBe("sub./.env");
    expect(hit("cat a/settings.json/", ["x/settings.json"], null)).toBe("a/settings.json/");
    expect(hit("cat sub/other.json", ["a/settings.json"], null)).toBeUndefined();
  });
});

describe("judgeShell: the attacks end to end on the real parse (which operands are judged, which are denied)", () => {
  const judge = (command: string, deny: readonly string[] = BUILTIN_GATE_PROFILE.deny) =>
    judgeShell(command, ctxOf(deny));

  it("rm -rf through a quoted .git path hands `.git` on as a delete target", async () => {
    const j = await judge(`rm -rf ".g"'it' src/a.txt`);
    expect(j.denial).toBeUndefined();
    expect(j.targets).toEqual([
      { raw: ".git", op: "delete" },
      { raw: "src/a.txt", op: "delete" },
    ]);
  });

  it("a redirection through a glob onto .claude/settings.json is denied with the glob", async () => {
    const j = await judge("echo x > .cl*/settings.json");
    expect(j.denial).toMatchObject({ code: "path.deny", path: ".cl*/settings.json" });
  });

  it("cp -t into .claude, ln -s .env, python3 -c naming .env and `$D/settings.json` are denied", async () => {
    expect((await judge("cp -t .claude a.txt")).denial).toMatchObject({ code: "path.deny", path: ".claude" });
    expect((await judge("ln -s .env link")).denial).toMatchObject({ code: "path.deny", path: ".env" });
    expect((await judge(`python3 -c "open('.env','w')"`)).denial).toMatchObject({ code: "path.deny", path: ".env" });
    expect((await judge('cp a.txt "$D/settings.json"')).denial).toMatchObject({
      code: "path.deny",
      path: "settings.json",
    });
  });

  it("a denial after harmless writes keeps those writes as targets, once each", async () => {
    const j = await judge("touch src/a.txt src/a.txt; cp -t .claude a.txt");
    expect(j.targets).toEqual([{ raw: "src/a.txt", op: "write" }]);
    expect(j.denial).toMatchObject({ code: "path.deny", path: ".claude" });
  });
});
