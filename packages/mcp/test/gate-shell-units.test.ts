// In-process units of the parsed shell judgement (decisions SEC-3…SEC-5): glob intersection, the
// protection predicates, brace expansion, ANSI-C strings, git configuration keys, word resolution.
import { describe, expect, it } from "vitest";
import { BUILTIN_GATE_PROFILE } from "../src/harness/gate/profile";
import { decodeAnsiC } from "../src/harness/gate/shell/ansi-c";
import { expandBraces } from "../src/harness/gate/shell/braces";
import { inertConfigKey } from "../src/harness/gate/shell/commands/git/config-keys";
import { parsePattern, patternsMeet } from "../src/harness/gate/shell/glob-intersect";
import { judgeShell } from "../src/harness/gate/shell/judge";
import { loadBashParser, parseBash } from "../src/harness/gate/shell/parser";
import { protectionOf } from "../src/harness/gate/shell/protect";
import { argText, resolveWord } from "../src/harness/gate/shell/words";

const meet = (a: string, b: string) => patternsMeet(parsePattern(a), parsePattern(b));
const P = protectionOf(BUILTIN_GATE_PROFILE.deny);

describe("glob intersection", () => {
  it("two globs meet when some path matches both (segments, `**`, classes, case folded)", () => {
    expect(meet(".cl*/settings.json", ".claude/settings.json")).toBe(true);
    expect(meet(".e[n]v", ".env")).toBe(true);
    expect(meet(".e[!n]v", ".env")).toBe(false);
    expect(meet("src/*.ts", ".claude/settings.json")).toBe(false);
    expect(meet(".git/**", ".git")).toBe(true);
    expect(meet("a/**/b", "a/x/y/b")).toBe(true);
    expect(meet("*.JSON", "x.json")).toBe(true);
    expect(meet("\\*.json", "settings.json")).toBe(false);
    expect(meet("@(a|b).txt", "c.txt")).toBe(true); // extglob read as `*` (over-approximation)
  });

  it("the protection predicates of the built-in deny list", () => {
    expect(P.couldName(".cl*/settings.json")).toBe(true);
    expect(P.couldName(".en?")).toBe(true);
    expect(P.couldName("src/*")).toBe(false);
    expect(P.couldName("build/*")).toBe(false);
    expect(P.area(".claude")).toBe(true);
    expect(P.area(".github")).toBe(true);
    expect(P.area(".git/hooks")).toBe(true);
    expect(P.area("src")).toBe(false);
    expect(P.area("")).toBe(false);
    expect(P.fileName("settings.json")).toBe(true);
    expect(P.fileName("yarn.lock")).toBe(true);
    expect(P.fileName(".env.local")).toBe(true);
    expect(P.fileName("out.txt")).toBe(false);
    expect(P.denied(".env")).toBe(true);
    expect(P.denied(".gitignore")).toBe(false);
  });

  it("brace expansion: lists, nesting, sequences; escaped braces stay literal", () => {
    expect(expandBraces("{a,b}.txt")).toEqual(["a.txt", "b.txt"]);
    expect(expandBraces("x{1..3}")).toEqual(["x1", "x2", "x3"]);
    expect(expandBraces("{a,{b,c}}")).toEqual(["a", "b", "c"]);
    expect(expandBraces("\\{a,b\\}")).toEqual(["\\{a,b\\}"]);
    expect(expandBraces("{x}")).toEqual(["{x}"]);
  });

  it("ANSI-C strings", () => {
    expect(decodeAnsiC("\\x2eenv")).toBe(".env");
    expect(decodeAnsiC(".e\\156v")).toBe(".env");
    expect(decodeAnsiC("\\u002emcp.json")).toBe(".mcp.json");
    expect(decodeAnsiC("a\\tb\\\\")).toBe("a\tb\\");
  });

  it("git configuration keys: inert ones are writable, everything that runs a program or includes more configuration is not", () => {
    for (const k of ["user.name", "user.email", "color.ui", "remote.origin.url", "branch.main.remote", "pull.rebase"])
      expect([k, inertConfigKey(k)]).toEqual([k, true]);
    for (const k of [
      "core.hooksPath",
      "core.fsmonitor",
      "core.sshCommand",
      "core.pager",
      "alias.st",
      "filter.lfs.clean",
      "include.path",
      "includeIf.gitdir:~/x.path",
      "credential.helper",
      "diff.external",
      "remote.origin.uploadpack",
    ])
      expect([k, inertConfigKey(k)]).toEqual([k, false]);
    expect(inertConfigKey("core.pager", true)).toBe(true);
  });
});

describe("word resolution on the real parse", () => {
  it("quotes, concatenation, escapes and known variables resolve; `$(…)` and unknown variables are opaque", async () => {
    await loadBashParser();
    const word = (src: string, vars: [string, string][] = []) => {
      const tree = parseBash(`x ${src}`);
      const cmd = tree.children[0];
      const arg = cmd?.children.find((c) => c.field === "argument");
      if (!arg) throw new Error(`no argument in ${src}`);
      return resolveWord(arg, {
        vars: new Map(vars.map(([k, v]) => [k, { value: v, hint: v }])),
        substitution: () => {},
      });
    };
    expect(word(".e''nv").map(argText)).toEqual([".env"]);
    expect(word('".e"nv').map(argText)).toEqual([".env"]);
    expect(word("\\.env").map(argText)).toEqual([".env"]);
    expect(word('"$d"/settings.json', [["d", ".claude"]]).map(argText)).toEqual([".claude/settings.json"]);
    expect(word("{a,.env}").map(argText)).toEqual(["a", ".env"]);
    const glob = word("'*'.json")[0];
    expect(glob?.opaque === false && glob.glob).toBe(false);
    const live = word("*.json")[0];
    expect(live?.opaque === false && live.glob).toBe(true);
    const opaque = word('"$(pwd)"/.env')[0];
    expect(opaque).toMatchObject({ opaque: true, suffix: "/.env" });
  });
});

describe("limits", () => {
  it("findings are never silently capped: a line with more than 100,000 write targets is refused as too complex (fail-closed)", async () => {
    const huge = `touch ${"a ".repeat(100_001)}`;
    await expect(judgeShell(huge, { cwd: "/nonexistent", root: "/nonexistent", deny: [".env"] })).rejects.toThrow(
      /too complex/,
    );
  });
});
