// axm.md acceptance: "Header and plan" and "Plan items".
import { parseAxm } from "@codai/axiom-axm";
import { describe, expect, it } from "vitest";
import { at, expectDiagnostics, expectPlan, inPlan, lines, short } from "./helpers";

const DEL = '  artifact "a" { op delete }';

describe("header and plan", () => {
  it('`axiom "\\u0032"` with a valid plan → accepted', () => {
    const plan = expectPlan(lines('axiom "\\u0032"', 'plan p { intent "x" artifact "a" { op delete } }'));
    expect(plan.name).toBe("p");
  });

  it("two plan declarations → one diagnostic whose range is the whole second declaration", () => {
    const src = lines('axiom "2"', 'plan p { intent "x" artifact "a" { op delete } }', "plan q {", ' intent "y"', "}");
    const r = parseAxm(src);
    expect(r.diagnostics.map(short)).toEqual(["ERR_INVALID_PLAN 3:1-5:2"]);
    expect(r.diagnostics[0]?.message).toBe("only one plan per file is allowed");
  });

  it('`plan plan-1 {…}` → name: "plan-1"; `plan meta {…}` → name: "meta", no diagnostic', () => {
    expect(expectPlan(lines('axiom "2"', 'plan plan-1 { intent "x"', DEL, "}")).name).toBe("plan-1");
    expect(expectPlan(lines('axiom "2"', 'plan meta { intent "x"', DEL, "}")).name).toBe("meta");
  });

  it("`plan Greet {…}` → schema ERR_INVALID_PLAN at the name token", () => {
    expectDiagnostics(lines('axiom "2"', 'plan Greet { intent "x"', DEL, "}"), ["ERR_INVALID_PLAN 2:6-2:11"]);
  });

  it("a plan with no artifacts → schema error over the whole plan declaration", () => {
    expectDiagnostics(lines('axiom "2"', 'plan p { intent "x" }'), ["ERR_INVALID_PLAN 2:1-2:22"]);
  });
});

describe("intent", () => {
  it("no intent → `plan has no intent` at the plan name token", () => {
    const [d] = expectDiagnostics(lines('axiom "2"', "plan nointent {", DEL, "}"), ["ERR_INVALID_PLAN 2:6-2:14"]);
    expect(d?.message).toBe("plan has no intent");
  });

  it('two intents → one diagnostic covering the second `intent "…"` item', () => {
    const src = inPlan(lines('  intent "again"', DEL));
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, 'intent "again"')}`]);
    expect(d?.message).toBe("duplicate intent");
  });

  it("`  intent 42` on line 3 → syntax error 3:10–3:12", () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", "  intent 42", DEL, "}"), ["ERR_INVALID_PLAN 3:10-3:12"]);
  });

  it("an intent over 2000 UTF-16 units → schema error at the intent string", () => {
    const src = lines('axiom "2"', "plan p {", `  intent "${"x".repeat(2001)}"`, DEL, "}");
    expectDiagnostics(src, ["ERR_INVALID_PLAN 3:10-3:2013"]);
  });
});

describe("profile", () => {
  it('no profile → profile: "default"', () => {
    expect(expectPlan(inPlan(DEL)).profile).toBe("default");
  });

  it('`profile my_profile-2` → "my_profile-2"; `profile "my.app"` → "my.app"', () => {
    expect(expectPlan(inPlan(lines("  profile my_profile-2", DEL))).profile).toBe("my_profile-2");
    expect(expectPlan(inPlan(lines('  profile "my.app"', DEL))).profile).toBe("my.app");
  });

  it('`profile template` followed by an artifact → parses, profile: "template"', () => {
    expect(expectPlan(inPlan(lines("  profile template", DEL))).profile).toBe("template");
  });

  it("two profiles → `duplicate profile` over the second item", () => {
    const src = inPlan(lines("  profile a", "  profile b", DEL));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "profile b")}`]);
  });

  it('`profile ""` → schema error at the profile value', () => {
    const src = inPlan(lines('  profile ""', DEL));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, '""')}`]);
  });
});

describe("capabilities", () => {
  it("`capabilities []` → []", () => {
    expect(expectPlan(inPlan(lines("  capabilities []", DEL))).capabilities).toEqual([]);
  });

  it("`capabilities [fs, net, secret, ai, compute, git]` → that order", () => {
    const plan = expectPlan(inPlan(lines("  capabilities [fs, net, secret, ai, compute, git]", DEL)));
    expect(plan.capabilities).toEqual(["fs", "net", "secret", "ai", "compute", "git"]);
  });

  it("`[fs, sudo]` → `unknown capability` at `sudo`", () => {
    const src = inPlan(lines("  capabilities [fs, sudo]", DEL));
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "sudo")}`]);
    expect(d?.message).toContain("unknown capability");
  });

  it("`[fs, fs]` → `duplicate capability` at the second `fs`", () => {
    const src = inPlan(lines("  capabilities [fs, fs]", DEL));
    const [d] = expectDiagnostics(src, [
      `ERR_INVALID_PLAN ${at(src, "fs]")}`.replace(/-(\d+):(\d+)$/, (_m, l, c) => `-${l}:${Number(c) - 1}`),
    ]);
    expect(d?.message).toContain("duplicate capability");
  });

  it("`[fs,]` → syntax error at `]`", () => {
    const src = inPlan(lines("  capabilities [fs,]", DEL));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "]")}`]);
  });

  it("two capabilities items → `duplicate capabilities`", () => {
    const src = inPlan(lines("  capabilities [fs]", "  capabilities [net]", DEL));
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "capabilities [net]")}`]);
    expect(d?.message).toBe("duplicate capabilities");
  });
});

describe("counter", () => {
  it("`counter 7` → counter: 7; `counter 0` → 0", () => {
    expect(expectPlan(inPlan(lines("  counter 7", DEL))).counter).toBe(7);
    expect(expectPlan(inPlan(lines("  counter 0", DEL))).counter).toBe(0);
  });

  it("no counter → the field is absent", () => {
    expect("counter" in expectPlan(inPlan(DEL))).toBe(false);
  });

  it("`counter 007` and `counter 9007199254740992` → semantic at the value", () => {
    for (const v of ["007", "9007199254740992"]) {
      const src = inPlan(lines(`  counter ${v}`, DEL));
      const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, v)}`]);
      expect(d?.message).toBe("counter must be a non-negative integer");
    }
    expect(expectPlan(inPlan(lines("  counter 9007199254740991", DEL))).counter).toBe(9007199254740991);
  });

  it("`counter -1` → lexer error at `-`", () => {
    const src = inPlan(lines("  counter -1", DEL));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "-")}`]);
  });

  it("two `counter` items → `duplicate counter`", () => {
    const src = inPlan(lines("  counter 1", "  counter 2", DEL));
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "counter 2")}`]);
    expect(d?.message).toBe("duplicate counter");
  });
});

describe("meta", () => {
  it('`meta {"k":[1,{"n":null}]}` → metadata: {k: [1, {n: null}]}', () => {
    expect(expectPlan(inPlan(lines('  meta {"k":[1,{"n":null}]}', DEL))).metadata).toEqual({ k: [1, { n: null }] });
  });

  it("`meta [1]` → `meta must be a JSON object` at the block", () => {
    const src = inPlan(lines("  meta [1]", DEL));
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "[1]")}`]);
    expect(d?.message).toBe("meta must be a JSON object");
  });

  it("two metas → `duplicate meta`", () => {
    const src = inPlan(lines("  meta {}", '  meta {"a":1}', DEL));
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, 'meta {"a":1}')}`]);
    expect(d?.message).toBe("duplicate meta");
  });

  it("`meta {oops}` → invalid JSON at the block", () => {
    const src = inPlan(lines("  meta {oops}", DEL));
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "{oops}")}`]);
    expect(d?.message.startsWith("meta: ")).toBe(true);
  });

  it("`meta 5` → syntax error at `5`", () => {
    const src = inPlan(lines("  meta 5", DEL));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "5")}`]);
  });

  it('`meta {"a":1` at end of input → lexer error at `{`, length 1', () => {
    const src = lines('axiom "2"', "plan p {", '  intent "x"', '  meta {"a":1');
    expectDiagnostics(src, ["ERR_INVALID_PLAN 4:8-4:9"]);
  });

  it('`meta {"x":1e400}` → schema ERR_INVALID_PLAN at the block', () => {
    const src = inPlan(lines('  meta {"x":1e400}', DEL));
    const r = parseAxm(src);
    expect(r.plan).toBeUndefined();
    expect(r.diagnostics.length).toBeGreaterThan(0);
    // every schema issue is reported (the JCS well-formedness check and the JSON-value schema both fire)
    for (const d of r.diagnostics) expect(short(d)).toBe(`ERR_INVALID_PLAN ${at(src, '{"x":1e400}')}`);
  });

  it('`meta {"a":1,"a":2}` → metadata.a = 2', () => {
    expect(expectPlan(inPlan(lines('  meta {"a":1,"a":2}', DEL))).metadata).toEqual({ a: 2 });
  });

  it("a meta block spanning lines ends on its last line", () => {
    const src = inPlan(lines("  meta [", "  1", "  ]", DEL));
    expectDiagnostics(src, ["ERR_INVALID_PLAN 4:8-6:4"]);
  });
});

describe("check", () => {
  it('`check a using content.noSecrets` → {id: "a", predicate: "content.noSecrets", params: {}, severity: "error"}', () => {
    const plan = expectPlan(inPlan(lines("  check a using content.noSecrets", DEL)));
    expect(plan.checks).toEqual([{ id: "a", predicate: "content.noSecrets", params: {}, severity: "error" }]);
  });

  it('`check b using path.deny {"globs":["x"]}` → params kept', () => {
    const plan = expectPlan(inPlan(lines('  check b using path.deny {"globs":["x"]}', DEL)));
    expect(plan.checks[0]?.params).toEqual({ globs: ["x"] });
  });

  it("array params are kept as given", () => {
    const plan = expectPlan(inPlan(lines("  check b using path.deny [1, 2]", DEL)));
    expect(plan.checks[0]?.params).toEqual([1, 2]);
  });

  it("`check a using nodots` → schema error at `nodots`", () => {
    const src = inPlan(lines("  check a using nodots", DEL));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "nodots")}`]);
  });

  it("a malformed predicate QualIdent → schema error over the whole predicate", () => {
    const src = inPlan(lines("  check a using a.b.c", DEL));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "a.b.c")}`]);
  });

  it("`check a using totally.unknown` → accepted", () => {
    expect(expectPlan(inPlan(lines("  check a using totally.unknown", DEL))).checks[0]?.predicate).toBe(
      "totally.unknown",
    );
  });

  it("`check a using content.noSecrets {oops}` → `check params` error at the block", () => {
    const src = inPlan(lines("  check a using content.noSecrets {oops}", DEL));
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "{oops}")}`]);
    expect(d?.message.startsWith("check params: ")).toBe(true);
  });

  it("two checks with id `a` → `duplicate check id` at the second id", () => {
    const src = inPlan(lines("  check a using x.y", "  check a using x.z", DEL));
    const line = src.split("\n").indexOf("  check a using x.z") + 1;
    const [d] = expectDiagnostics(src, [`ERR_INVALID_PLAN ${line}:9-${line}:10`]);
    expect(d?.message).toContain("duplicate check id");
  });

  it('`check "content.noSecrets" using content.noSecrets` → id `content.noSecrets`', () => {
    const plan = expectPlan(inPlan(lines('  check "content.noSecrets" using content.noSecrets', DEL)));
    expect(plan.checks[0]?.id).toBe("content.noSecrets");
  });

  it("`check using using a.b {}` → id `using`", () => {
    const plan = expectPlan(inPlan(lines("  check using using a.b {}", DEL)));
    expect(plan.checks[0]).toEqual({ id: "using", predicate: "a.b", params: {}, severity: "error" });
  });

  it("checks keep source order", () => {
    const plan = expectPlan(inPlan(lines("  check z using a.b", DEL, "  check a using a.c")));
    expect(plan.checks.map((c) => c.id)).toEqual(["z", "a"]);
  });
});
