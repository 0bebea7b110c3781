// axm.md acceptance: "Heredocs" and "Lexer, syntax, positions".
import { hereDocTerminator, parseAxm } from "@codai/axiom-axm";
import { describe, expect, it } from "vitest";
import { at, expectDiagnostics, expectPlan, inPlan, lines, short } from "./helpers";

const DEL = '  artifact "d" { op delete }';

/** The content of a one-artifact plan whose heredoc body is `body` (lines between opener and `E`). */
function contentOf(body: string[], term = "E"): string {
  const plan = expectPlan(inPlan(lines(`  artifact "a" { inline <<${term}`, ...body, term, "  }")));
  const source = plan.artifacts[0]?.source;
  if (source?.type !== "inline") throw new Error("not inline");
  return source.content;
}

describe("heredocs", () => {
  it('bodies `a⏎`, `a⏎⏎`, empty → contents "a", "a\\n", ""', () => {
    expect(contentOf(["a"])).toBe("a");
    expect(contentOf(["a", ""])).toBe("a\n");
    expect(contentOf([])).toBe("");
  });

  it("lines `say EOF now`, ` EOF`, `EOF ` inside an EOF heredoc → content, not terminators", () => {
    expect(contentOf(["say EOF now", " EOF", "EOF "], "EOF")).toBe("say EOF now\n EOF\nEOF ");
  });

  it('`}`, `{"a":"//x"} // not a comment`, `/*` inside a heredoc → raw content', () => {
    expect(contentOf(["}", '{"a":"//x"} // not a comment', "/*"])).toBe('}\n{"a":"//x"} // not a comment\n/*');
  });

  it("`<<` and quotes inside a heredoc are raw content", () => {
    expect(contentOf(["x <<E", '"unterminated'])).toBe('x <<E\n"unterminated');
  });

  it('unterminated heredoc (4th line ` artifact "a" { inline <<END`) → exactly one diagnostic, 4:24–4:26', () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", ' intent "x"', ' artifact "a" { inline <<END', "x", "}"), [
      "ERR_INVALID_PLAN 4:24-4:26",
    ]);
  });

  it("`inline <<EOF trailing` (text after the terminator name) → lexer error at `<<`", () => {
    const src = inPlan(lines('  artifact "a" { inline <<EOF trailing', "x", "EOF", "  }"));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "<<")}`]);
  });

  it("an opener line of 257 characters → lexer error at `<<`; 256 → accepted", () => {
    // the opener runs from `<<` through its LF
    const open = (n: number) => `<<E${" ".repeat(n - 4)}`;
    const bad = inPlan(lines(`  artifact "a" { inline ${open(257)}`, "x", "E", "  }"));
    expectDiagnostics(bad, [`ERR_INVALID_PLAN ${at(bad, "<<")}`]);
    const good = inPlan(lines(`  artifact "a" { inline ${open(256)}`, "x", "E", "  }"));
    expectPlan(good);
  });

  it("spaces and tabs after the terminator name of the opener are allowed", () => {
    expect(
      expectPlan(inPlan(lines('  artifact "a" { inline <<E \t', "x", "E", "  }"))).artifacts[0]?.source,
    ).toMatchObject({
      content: "x",
    });
  });

  it("an opener at end of input (no LF) → lexer error at `<<`", () => {
    const src = lines('axiom "2"', "plan p {", ' intent "x"', ' artifact "a" { inline <<E');
    expectDiagnostics(src, ["ERR_INVALID_PLAN 4:24-4:26"]);
  });

  it("terminator on the last line without a final LF → accepted", () => {
    const src = lines('axiom "2"', 'plan p { intent "x" artifact "a" { inline <<E', "x", "E");
    const r = parseAxm(src);
    // the heredoc itself is fine; the file then ends inside the artifact body: a syntax error at end of input
    expect(r.diagnostics.map(short)).toEqual(["ERR_INVALID_PLAN 4:2-4:2"]);
    const closed = `${lines('axiom "2"', 'plan p { intent "x" artifact "a" { inline <<E', "x", "E")}\n} }`;
    expect(expectPlan(closed).artifacts[0]?.source).toMatchObject({ content: "x" });
    const lastLine = lines(
      'axiom "2"',
      'plan p { intent "x" artifact "a" { op delete } artifact "b" { inline <<E',
      "x",
      "E } }",
    );
    expectDiagnostics(lastLine, [`ERR_INVALID_PLAN ${at(lastLine, "<<")}`]); // `E } }` is not a terminator line
    const terminatorLast = `axiom "2"\nplan p { intent "x" artifact "b" { op delete } }\n`;
    expect(expectPlan(terminatorLast).artifacts).toHaveLength(1);
  });

  it("a terminator line with one trailing CR is tolerated; content CR LF → LF", () => {
    // stage 0 turns CR CR LF into CR LF, so a CR survives before the LF in both places
    const src = `axiom "2"\nplan p { intent "x" artifact "a" { inline <<E\nx\r\r\ny\nE\r\r\n} }`;
    expect(expectPlan(src).artifacts[0]?.source).toMatchObject({ content: "x\ny" });
  });

  it('hereDocTerminator("x") = "EOF", ("EOF") = "EOF_1", ("EOF\\nEOF_1") = "EOF_2"', () => {
    expect(hereDocTerminator("x")).toBe("EOF");
    expect(hereDocTerminator("EOF")).toBe("EOF_1");
    expect(hereDocTerminator("EOF\nEOF_1")).toBe("EOF_2");
    expect(hereDocTerminator(" EOF\nEOF ")).toBe("EOF");
  });
});

describe("lexer, syntax, positions", () => {
  it('`  intent "x" §` on line 3 → lexer error 3:14–3:15; `  intent "😀" §` → 3:15–3:16 (UTF-16 columns)', () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", '  intent "x" §', "}"), ["ERR_INVALID_PLAN 3:14-3:15"]);
    expectDiagnostics(lines('axiom "2"', "plan p {", '  intent "😀" §', "}"), ["ERR_INVALID_PLAN 3:15-3:16"]);
  });

  it("a run of stray characters is covered whole (maximal run, one line)", () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", "  §§:: intent", "}"), ["ERR_INVALID_PLAN 3:3-3:7"]);
  });

  it('`intent "abc` (no closing quote before LF) → lexer error at the `"`', () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", '  intent "abc', "}"), ["ERR_INVALID_PLAN 3:10-3:11"]);
  });

  it('a raw tab inside a string → lexer error at the opening `"`', () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", '  intent "a\tb"', "}"), ["ERR_INVALID_PLAN 3:10-3:11"]);
  });

  it("an invalid escape inside a string → lexer error at the opening quote", () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", '  intent "a\\x"', "}"), ["ERR_INVALID_PLAN 3:10-3:11"]);
  });

  it("string escapes decode with JSON semantics (\\uXXXX of either case, \\/ …)", () => {
    const plan = expectPlan(inPlan(DEL).replace('intent "x"', 'intent "\\u00e9\\u00E9\\/\\"\\\\\\n\\t"'));
    expect(plan.intent).toBe('éé/"\\\n\t');
  });

  it("an unterminated `/*` → lexer error at it, length 2", () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", '  intent "x" /* never closed', "}"), [
      "ERR_INVALID_PLAN 3:14-3:16",
    ]);
  });

  it('line and block comments (including one spanning lines between `axiom "2"` and `plan`) → ignored', () => {
    const src = lines(
      'axiom "2" // header',
      "/* spans",
      " two lines */ plan p { // x",
      '  intent "x" /* y */',
      DEL,
      "} // end",
    );
    expect(expectPlan(src).name).toBe("p");
  });

  it("a comment does not move the end-of-input position: zero-width just after the last token", () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", '  intent "x" // trailing', "  "), ["ERR_INVALID_PLAN 3:13-3:13"]);
  });

  it('`axiom "2"`⏎`plan p {`⏎`  intent "x"` → syntax error zero-width 3:13–3:13 (at end of input); empty → 1:1–1:1', () => {
    const [d] = expectDiagnostics(lines('axiom "2"', "plan p {", '  intent "x"'), ["ERR_INVALID_PLAN 3:13-3:13"]);
    expect(d?.message.endsWith(" (at end of input)")).toBe(true);
    const [e] = expectDiagnostics("", ["ERR_INVALID_PLAN 1:1-1:1"]);
    expect(e?.message.endsWith(" (at end of input)")).toBe(true);
    expectDiagnostics("  // only a comment\n", ["ERR_INVALID_PLAN 1:1-1:1"]);
  });

  it("a leading U+FEFF → accepted; a lone CR between items → whitespace, line numbers unchanged", () => {
    expect(expectPlan(`\uFEFF${inPlan(DEL)}`).name).toBe("p");
    const src = `axiom "2"\nplan p {\r  intent "x"\r\n  intent 42\n}`;
    expectDiagnostics(src, ["ERR_INVALID_PLAN 3:10-3:12"]);
  });

  it("Unicode whitespace (U+00A0, U+2028, U+3000) separates tokens", () => {
    expect(expectPlan(inPlan(DEL).replace("plan p {", "plan\u00a0p\u2028{\u3000")).name).toBe("p");
  });

  it("a duplicate intent followed later by `op rename` → only the syntax diagnostic (stage gating)", () => {
    const src = inPlan(lines('  intent "again"', '  artifact "a" { op rename }'));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, "rename")}`]);
  });

  it("150 repeats of `fs` in one capabilities list → exactly 100 diagnostics, sorted by position", () => {
    const src = inPlan(lines(`  capabilities [${Array(150).fill("fs").join(", ")}]`, DEL));
    const r = parseAxm(src);
    expect(r.plan).toBeUndefined();
    expect(r.diagnostics).toHaveLength(100);
    const cols = r.diagnostics.map((d) => d.range.start.column);
    expect(cols).toEqual([...cols].sort((a, b) => a - b));
    expect(r.diagnostics[0]?.range.start.column).toBe(21);
  });

  it("keywords are case-sensitive and `intent-x` is a plain Ident", () => {
    expectDiagnostics(lines('axiom "2"', "plan p {", '  Intent "x"', "}"), ["ERR_INVALID_PLAN 3:3-3:9"]);
    expectDiagnostics(lines('axiom "2"', "plan p {", '  intent-x "x"', "}"), ["ERR_INVALID_PLAN 3:3-3:11"]);
  });

  it("a JSON block is only read at a JSON position: `{` elsewhere is punctuation", () => {
    // after `profile meta` the `{` is not a JSON block, so the plan body continues normally
    expect(expectPlan(inPlan(lines("  profile meta", DEL))).profile).toBe("meta");
    // `plan meta {` keeps `{` as the body opener
    expect(expectPlan(lines('axiom "2"', 'plan meta { intent "x"', DEL, "}")).name).toBe("meta");
  });

  it("JSON blocks count depth outside strings only; types need not match", () => {
    const plan = expectPlan(inPlan(lines('  meta {"a":"}]{[","b":"\\"}"}', DEL)));
    expect(plan.metadata).toEqual({ a: "}]{[", b: '"}' });
    const src = inPlan(lines('  meta {"a":1]', DEL));
    expectDiagnostics(src, [`ERR_INVALID_PLAN ${at(src, '{"a":1]')}`]);
  });
});
