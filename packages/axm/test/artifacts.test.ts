// axm.md acceptance: "Artifacts and sources".

import { parseAxm } from "@codai/axiom-axm";
import { describe, expect, it } from "vitest";
import { at, expectDiagnostics, expectPlan, inArtifact, inPlan, lines, short } from "./helpers";

const A64 = "a".repeat(64);
const C64 = "c".repeat(64);
const D64 = "d".repeat(64);

describe("artifact items", () => {
  it('`artifact "a" { inline <<E⏎x⏎E⏎}` → {path: "a", mode: "0644", op: "create", source: {type: "inline", encoding: "utf8", content: "x"}}', () => {
    const plan = expectPlan(inPlan(lines('  artifact "a" { inline <<E', "x", "E", "}")));
    expect(plan.artifacts).toEqual([
      { path: "a", mode: "0644", op: "create", source: { type: "inline", encoding: "utf8", content: "x" } },
    ]);
  });

  it('`artifact "b" { mode 0755 op overwrite cas "sha256:<64 a>" }` → mode, op and cas digest kept', () => {
    const plan = expectPlan(inArtifact(`mode 0755 op overwrite cas "sha256:${A64}"`, '"b"'));
    expect(plan.artifacts[0]).toEqual({
      path: "b",
      mode: "0755",
      op: "overwrite",
      source: { type: "cas", digest: `sha256:${A64}` },
    });
  });

  it('`artifact "c" { op delete }` → {path: "c", mode: "0644", op: "delete"} (no source key)', () => {
    const plan = expectPlan(inArtifact("op delete", '"c"'));
    expect(plan.artifacts[0]).toEqual({ path: "c", mode: "0644", op: "delete" });
    expect("source" in (plan.artifacts[0] as object)).toBe(false);
  });

  it("artifacts keep source order", () => {
    const plan = expectPlan(inPlan(lines('  artifact "z" { op delete }', '  artifact "a" { op delete }')));
    expect(plan.artifacts.map((a) => a.path)).toEqual(["z", "a"]);
  });

  it("two artifacts with the same path → `duplicate artifact path` at the second path literal", () => {
    const src = inPlan(lines('  artifact "a" { op delete }', '  artifact "a" { op delete }'));
    const [d] = expectDiagnostics(src, ["ERR_INVALID_PLAN 5:12-5:15"]);
    expect(d?.message).toContain("duplicate artifact path");
  });

  it("`op delete` with an inline source → schema ERR_INVALID_PLAN at that source", () => {
    const src = inPlan(lines('  artifact "a" { op delete inline <<E', "x", "E", "  }"));
    expectDiagnostics(src, ["ERR_INVALID_PLAN 4:28-6:2"]);
  });

  it('`artifact "a" { mode 0644 }` → schema error whose range starts at the artifact\'s `{`', () => {
    const src = inArtifact("mode 0644");
    const [d] = expectDiagnostics(src, ["ERR_INVALID_PLAN 4:16-4:29"]);
    expect(d?.message.startsWith("artifacts.0.source: ")).toBe(true);
  });

  it("inline and cas sources in one artifact → `an artifact has exactly one source` at the second source", () => {
    const src = inPlan(lines('  artifact "a" { inline <<E', "x", "E", `  cas "sha256:${A64}" }`));
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN 7:3-7:${3 + 4 + 73}`]);
    expect(d?.message).toBe("an artifact has exactly one source");
  });

  it("`mode 0600` → semantic at `0600`; `mode 0644 mode 0755` → `duplicate mode`", () => {
    const src = inArtifact("mode 0600 op delete");
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "0600")}`]);
    const dup = inArtifact("mode 0644 mode 0755 op delete");
    const [d] = expectDiagnostics(dup, [`ERR_INVALID_PLAN ${at(dup, "mode 0755")}`]);
    expect(d?.message).toBe("duplicate mode");
  });

  it("`op create op delete` → `duplicate op`", () => {
    const src = inArtifact("op delete op create");
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "op create")}`]);
    expect(d?.message).toBe("duplicate op");
  });

  it("`op rename` → syntax error at `rename`", () => {
    const src = inArtifact("op rename");
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "rename")}`]);
  });
});

describe("artifact paths (schema)", () => {
  it('path "../a" → ERR_PATH_SEGMENT at the path literal', () => {
    const src = inArtifact("op delete", '"../a"');
    expectDiagnostics(src, [`ERR_PATH_SEGMENT ${at(src, '"../a"')}`]);
  });

  it('"CON.txt" → ERR_PATH_RESERVED_NAME', () => {
    const src = inArtifact("op delete", '"CON.txt"');
    expectDiagnostics(src, [`ERR_PATH_RESERVED_NAME ${at(src, '"CON.txt"')}`]);
  });

  it('"/etc/x" → two diagnostics with the same range, ERR_PATH_NOT_RELATIVE_POSIX then ERR_PATH_SEGMENT', () => {
    const src = inArtifact("op delete", '"/etc/x"');
    const range = at(src, '"/etc/x"');
    expectDiagnostics(src, [`ERR_PATH_NOT_RELATIVE_POSIX ${range}`, `ERR_PATH_SEGMENT ${range}`]);
  });

  it("a non-NFC path → ERR_PATH_NOT_NFC; an invalid character → ERR_PATH_INVALID_CHAR", () => {
    const nfd = inArtifact("op delete", '"e\\u0301.txt"');
    expectDiagnostics(nfd, [`ERR_PATH_NOT_NFC ${at(nfd, '"e\\u0301.txt"')}`]);
    const bad = inArtifact("op delete", '"a?b"');
    expectDiagnostics(bad, [`ERR_PATH_INVALID_CHAR ${at(bad, '"a?b"')}`]);
  });
});

describe("sources", () => {
  it('`ref "https://h/x" "sha256:<64 c>"` → ref source', () => {
    const plan = expectPlan(inArtifact(`ref "https://h/x" "sha256:${C64}"`));
    expect(plan.artifacts[0]?.source).toEqual({ type: "ref", uri: "https://h/x", digest: `sha256:${C64}` });
  });

  it('`ref "ftp://h/x" …` → schema error at the URI string', () => {
    const src = inArtifact(`ref "ftp://h/x" "sha256:${C64}"`);
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, '"ftp://h/x"')}`]);
  });

  it('`cas "sha256:short"` and `cas "sha256:<64 uppercase hex>"` → syntax error at that string', () => {
    for (const lit of ['"sha256:short"', `"sha256:${"A".repeat(64)}"`]) {
      const src = inArtifact(`cas ${lit}`);
      expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, lit)}`]);
    }
  });

  it("`ref` whose second operand is not a digest → syntax error at it", () => {
    const src = inArtifact('ref "https://h/x" "nope"');
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, '"nope"')}`]);
  });

  it('`template web.next16 "page" {"title":"Hi"}` → emitter "web.next16", template "page", params kept', () => {
    const plan = expectPlan(inArtifact('template web.next16 "page" {"title":"Hi"}'));
    expect(plan.artifacts[0]?.source).toEqual({
      type: "template",
      emitter: "web.next16",
      template: "page",
      params: { title: "Hi" },
    });
  });

  it("template without params → params: {}", () => {
    const plan = expectPlan(inArtifact('template web "page"'));
    expect(plan.artifacts[0]?.source).toEqual({ type: "template", emitter: "web", template: "page", params: {} });
  });

  it('`template web "t" [1]` → schema error at the params block', () => {
    const src = inArtifact('template web "t" [1]');
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "[1]")}`]);
  });

  it("template params that are not JSON → `template params` error at the block", () => {
    const src = inArtifact('template web "t" {x}');
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "{x}")}`]);
    expect(d?.message.startsWith("template params: ")).toBe(true);
  });

  it("an empty template name → schema error at the template string", () => {
    const src = inArtifact('template web ""');
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, '""')}`]);
  });

  it('`patch unified "sha256:<64 d>" <<P⏎@@ -1,1 +1,1 @@⏎-old⏎+new⏎P` → body: "@@ -1,1 +1,1 @@\\n-old\\n+new\\n"', () => {
    const plan = expectPlan(
      inPlan(
        lines(
          '  artifact "a" { op overwrite',
          `  patch unified "sha256:${D64}" <<P`,
          "@@ -1,1 +1,1 @@",
          "-old",
          "+new",
          "P",
          "  }",
        ),
      ),
    );
    expect(plan.artifacts[0]?.source).toEqual({
      type: "patch",
      format: "unified",
      preImage: `sha256:${D64}`,
      body: "@@ -1,1 +1,1 @@\n-old\n+new\n",
    });
  });

  it('`patch v4a absent <<P …` → preImage: "absent"; `patch search-replace absent <<P …` → format: "search-replace"', () => {
    const v4a = expectPlan(inPlan(lines('  artifact "a" { patch v4a absent <<P', "x", "P", "  }")));
    expect(v4a.artifacts[0]?.source).toMatchObject({ format: "v4a", preImage: "absent", body: "x\n" });
    const sr = expectPlan(inPlan(lines('  artifact "a" { patch search-replace absent <<P', "x", "P", "  }")));
    expect(sr.artifacts[0]?.source).toMatchObject({ format: "search-replace" });
  });

  it("`patch fuzzy absent <<P …` → schema error at `fuzzy`; no ERR_PATCH_FORMAT", () => {
    const src = inPlan(lines('  artifact "a" { patch fuzzy absent <<P', "x", "P", "  }"));
    const ds = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "fuzzy")}`]);
    expect(ds.some((d) => (d.code as string) === "ERR_PATCH_FORMAT")).toBe(false);
  });

  it("`patch unified missing <<P …` → semantic error at `missing`", () => {
    const src = inPlan(lines('  artifact "a" { patch unified missing <<P', "x", "P", "  }"));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "missing")}`]);
  });

  it('`patch unified "not-a-digest" <<P …` → syntax error at the string', () => {
    const src = inPlan(lines('  artifact "a" { patch unified "not-a-digest" <<P', "x", "P", "  }"));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, '"not-a-digest"')}`]);
  });

  it("a heredoc anywhere but after inline / as a patch body → syntax error at that token", () => {
    const src = inPlan(lines("  profile <<E", "x", "E", '  artifact "a" { op delete }'));
    const [d] = parseAxm(src).diagnostics;
    expect(short(d as NonNullable<typeof d>)).toBe("ERR_INVALID_PLAN 4:11-6:2");
  });
});
