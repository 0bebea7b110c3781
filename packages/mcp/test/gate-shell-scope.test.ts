// shell/scope.ts's relOf: the root-relative text every shell decision starts from (decisions SEC-4).
// Its answer decides whether a path is judged at all: undefined means "outside the root", which the
// decisions never deny, so a wrong "outside" is a way round every deny glob. Pure text: no disk.
// (The other in-process gate tests reach relOf only through decisions whose answer is the same for
// "" and undefined, so its edges are pinned here; the mutation target `gate-shell` lists scope.ts.)
import { describe, expect, it } from "vitest";
import { relOf, type ShellContext } from "../src/harness/gate/shell/scope";

const ctx = (cwd: string, root = "/r"): ShellContext => ({ cwd, root, deny: [] });
const POSIX = process.platform !== "win32";

describe("relOf: the root itself, paths inside it, paths outside it", () => {
  it('the root, however spelled, is "" (not outside)', () => {
    expect(relOf(ctx("/r"), "/r")).toBe("");
    expect(relOf(ctx("/r"), "/r/")).toBe("");
    expect(relOf(ctx("/r"), ".")).toBe("");
    expect(relOf(ctx("/r/sub"), "..")).toBe("");
    expect(relOf(ctx("/r/sub"), "../sub/..")).toBe("");
  });

  it("a path inside is root-relative: from the cwd when relative, normalised, without a trailing slash", () => {
    expect(relOf(ctx("/r"), "/r/.claude/settings.json")).toBe(".claude/settings.json");
    expect(relOf(ctx("/r/sub"), "x")).toBe("sub/x");
    expect(relOf(ctx("/r/sub"), "../.env")).toBe(".env");
    expect(relOf(ctx("/r"), "./src//a/../b")).toBe("src/b");
    expect(relOf(ctx("/r"), "src/")).toBe("src");
  });

  it("a root given with a trailing slash answers the same", () => {
    expect(relOf(ctx("/r", "/r/"), "/r/.env")).toBe(".env");
    expect(relOf(ctx("/r", "/r/"), "/r")).toBe("");
    expect(relOf(ctx("/r/sub", "/r/"), "x")).toBe("sub/x");
  });

  it("outside is undefined: another tree, a sibling whose name extends the root's, `..` past the root", () => {
    expect(relOf(ctx("/r"), "/elsewhere/x")).toBeUndefined();
    expect(relOf(ctx("/r"), "/rx/.env")).toBeUndefined();
    expect(relOf(ctx("/r"), "/")).toBeUndefined();
    expect(relOf(ctx("/r/sub"), "../../r2/x")).toBeUndefined();
    expect(relOf(ctx("/r"), "../r/.env")).toBe(".env");
  });

  it.runIf(POSIX)("on POSIX, case and backslashes are part of the name (not folded as on Windows)", () => {
    expect(relOf(ctx("/r"), "/R/.env")).toBeUndefined();
    expect(relOf(ctx("/r", "/Root"), "/root/x")).toBeUndefined();
    expect(relOf(ctx("/r"), "a\\b")).toBe("a\\b");
    expect(relOf(ctx("/r", "/r\\s"), "/r/s/x")).toBeUndefined();
  });

  it("only a leading drive letter and colon followed by a slash reads as absolute: these stay relative", () => {
    expect(relOf(ctx("/r"), "a/C:/b")).toBe("a/C:/b");
    expect(relOf(ctx("/r"), "1:/x")).toBe("1:/x");
    expect(relOf(ctx("/r"), "C:x")).toBe("C:x");
  });
});
