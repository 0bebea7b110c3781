// The testkit's own helpers: expectCode passes only on the named code (and details subset), and
// tempRepo builds a real tree (and a git repository) that removes itself after the test.
import { existsSync } from "node:fs";
import { axiomError } from "@codai/axiom-schema";
import { describe, expect, it } from "vitest";
import { expectCode, type TempRepo, tempRepo } from "../src";

const fails = (path: string) => axiomError("ERR_NOT_FOUND", { message: "no such thing", path, details: { ref: "x" } });

describe("expectCode", () => {
  it("a rejection or throw with the code → returns the error (path and details readable)", async () => {
    const err = await expectCode(Promise.reject(fails("a.txt")), "ERR_NOT_FOUND", { ref: "x" });
    expect(err.path).toBe("a.txt");
    await expectCode(() => {
      throw fails("b");
    }, "ERR_NOT_FOUND");
  });

  it("another code, a success, a code-less throw, a coded throw that is not an AxiomError or unmatched details → the assertion fails", async () => {
    await expect(expectCode(Promise.reject(fails("a")), "ERR_EXISTS")).rejects.toThrow();
    await expect(expectCode(Promise.resolve(1), "ERR_EXISTS")).rejects.toThrow(/succeeded/);
    await expect(expectCode(Promise.reject(new Error("plain")), "ERR_EXISTS")).rejects.toThrow(/without a code/);
    await expect(expectCode(Promise.reject(fails("a")), "ERR_NOT_FOUND", { ref: "y" })).rejects.toThrow();
    // The code alone is not enough: a plain Error or object carrying it is not an AxiomError.
    const impostor = Object.assign(new Error("looks coded"), { code: "ERR_NOT_FOUND" });
    await expect(expectCode(Promise.reject(impostor), "ERR_NOT_FOUND")).rejects.toThrow(/another throw/);
    await expect(expectCode(Promise.reject({ code: "ERR_NOT_FOUND" }), "ERR_NOT_FOUND")).rejects.toThrow(
      /another throw/,
    );
  });
});

describe("tempRepo", () => {
  let kept: TempRepo | undefined;

  it("writes the tree; path/read/write work; git: true commits it", async () => {
    const repo = await tempRepo({ "src/a.ts": "a\n", "b.txt": { text: "b", mode: 0o755 } }, { git: true });
    kept = repo;
    expect(await repo.read("src/a.ts")).toBe("a\n");
    expect(await repo.read("missing")).toBeNull();
    await repo.write({ "c.txt": "c" });
    expect(existsSync(repo.path("c.txt"))).toBe(true);
    expect(repo.git("ls-files").split("\n").filter(Boolean)).toEqual(["b.txt", "src/a.ts"]);
    expect(repo.git("status", "--porcelain")).toBe("?? c.txt\n");
  });

  it("the previous test's repository was removed when it finished", () => {
    expect(kept && existsSync(kept.root)).toBe(false);
  });
});
