// A corpus of malformed inputs (issue 10 acceptance: "at least 30 malformed inputs each with its
// expected first diagnostic (code and range)"). ⏎ in a name = LF. Ranges are 1-based, end-exclusive.
import { parseAxm } from "@codai/axiom-axm";
import { describe, expect, it } from "vitest";
import { short } from "./helpers";

const H = 'axiom "2"\n';
const P = (body: string) => `${H}plan p {\n  intent "x"\n${body}\n}`;
const DEL = '  artifact "d" { op delete }';
const A64 = "a".repeat(64);

/** [description, source, first diagnostic "CODE L:C-L:C", total count]. */
const CORPUS: [string, string, string, number][] = [
  // lexer
  ["stray § in the header", 'axiom § "2"', "ERR_INVALID_PLAN 1:7-1:8", 1],
  ["colon run", `${H}plan p {\n  intent: "x"\n}`, "ERR_INVALID_PLAN 3:9-3:10", 1],
  ["unterminated string at end of input", 'axiom "2', "ERR_INVALID_PLAN 1:7-1:8", 1],
  ["raw LF inside a string", 'axiom "2\n"', "ERR_INVALID_PLAN 1:7-1:8", 1],
  ["bad \\u escape (the run covers the quote and the backslash)", 'axiom "\\u00g1"', "ERR_INVALID_PLAN 1:7-1:9", 1],
  ["unterminated block comment", `${H}/* open`, "ERR_INVALID_PLAN 2:1-2:3", 1],
  ["lone slash", `${H}/ plan`, "ERR_INVALID_PLAN 2:1-2:2", 1],
  ["heredoc opener with trailing text", P('  artifact "a" { inline <<E x\nx\nE\n  }'), "ERR_INVALID_PLAN 4:25-4:27", 1],
  [
    "heredoc terminator name starting with a digit",
    P('  artifact "a" { inline <<1E\nx\n1E\n  }'),
    "ERR_INVALID_PLAN 4:25-4:27",
    1,
  ],
  ["unterminated heredoc", P('  artifact "a" { inline <<E\nx\n E\n  }'), "ERR_INVALID_PLAN 4:25-4:27", 1],
  ["unterminated check params block", P('  check a using x.y {"a": [[1, 2}'), "ERR_INVALID_PLAN 4:21-4:22", 1],
  [
    "unterminated template params block",
    P('  artifact "a" { template web "t" [[1, {"a": "]"}'),
    "ERR_INVALID_PLAN 4:35-4:36",
    1,
  ],
  ["negative counter", P("  counter -5"), "ERR_INVALID_PLAN 4:11-4:12", 1],
  ["single < as an operator", P("  counter < 5"), "ERR_INVALID_PLAN 4:11-4:12", 1],
  // syntax
  ["missing header", 'plan p { intent "x" }', "ERR_INVALID_PLAN 1:1-1:5", 1],
  ["header without a version", "axiom plan", "ERR_INVALID_PLAN 1:7-1:11", 1],
  ["header version as an Ident", "axiom 2", "ERR_INVALID_PLAN 1:7-1:8", 1],
  ["plan without a name", `${H}plan { }`, "ERR_INVALID_PLAN 2:6-2:7", 1],
  ["plan name as a string", `${H}plan "p" { }`, "ERR_INVALID_PLAN 2:6-2:9", 1],
  ["missing closing brace", `${H}plan p {\n  intent "x"\n${DEL}`, "ERR_INVALID_PLAN 4:29-4:29", 1],
  ["garbage after the plan", `${P(DEL)} extra`, "ERR_INVALID_PLAN 5:3-5:8", 1],
  ["unknown plan item", P('  intnt "x"'), "ERR_INVALID_PLAN 4:3-4:8", 1],
  [
    "a second intent given a number (syntax wins over the semantic duplicate)",
    P("  intent 42"),
    "ERR_INVALID_PLAN 4:10-4:12",
    1,
  ],
  ["capabilities without brackets", P("  capabilities fs"), "ERR_INVALID_PLAN 4:16-4:18", 1],
  ["capabilities with a trailing comma", P("  capabilities [fs,]"), "ERR_INVALID_PLAN 4:20-4:21", 1],
  ["capabilities missing a comma", P("  capabilities [fs net]"), "ERR_INVALID_PLAN 4:20-4:23", 1],
  ["meta without a JSON block", P("  meta 5"), "ERR_INVALID_PLAN 4:8-4:9", 1],
  ["check without using", P("  check a content.noSecrets"), "ERR_INVALID_PLAN 4:11-4:18", 1],
  ["check predicate ending in a dot", P("  check a using content. {}"), "ERR_INVALID_PLAN 4:26-4:27", 1],
  ["artifact path as an Ident", P("  artifact a { op delete }"), "ERR_INVALID_PLAN 4:12-4:13", 1],
  ["op rename", P('  artifact "a" { op rename }'), "ERR_INVALID_PLAN 4:21-4:27", 1],
  ["unknown artifact item", P('  artifact "a" { copy "b" }'), "ERR_INVALID_PLAN 4:18-4:22", 1],
  ["inline without a heredoc", P('  artifact "a" { inline "x" }'), "ERR_INVALID_PLAN 4:25-4:28", 1],
  ["cas with a short digest", P('  artifact "a" { cas "sha256:abc" }'), "ERR_INVALID_PLAN 4:22-4:34", 1],
  ["cas with a padded digest", P(`  artifact "a" { cas " sha256:${A64}" }`), "ERR_INVALID_PLAN 4:22-4:96", 1],
  ["ref without a digest", P('  artifact "a" { ref "https://h/x" }'), "ERR_INVALID_PLAN 4:36-4:37", 1],
  ["template without a template name", P('  artifact "a" { template web {} }'), "ERR_INVALID_PLAN 4:31-4:32", 1],
  [
    "patch with a string pre-image that is not a digest",
    P('  artifact "a" { patch unified "x" <<E\nE\n  }'),
    "ERR_INVALID_PLAN 4:32-4:35",
    1,
  ],
  ["patch without a body", P('  artifact "a" { patch unified absent }'), "ERR_INVALID_PLAN 4:39-4:40", 1],
  ["heredoc as a plan item", P("  <<E\nE"), "ERR_INVALID_PLAN 4:3-5:2", 1],
  ["end of input inside an artifact", `${H}plan p {\n  intent "x"\n  artifact "a" {`, "ERR_INVALID_PLAN 4:17-4:17", 1],
  // semantic
  ["unsupported version", `${H.replace('"2"', '"2.0"')}plan p { intent "x" ${DEL} }`, "ERR_INVALID_PLAN 1:7-1:12", 1],
  ["no plan", '// nothing\naxiom "2" /* still nothing */', "ERR_INVALID_PLAN 2:1-2:10", 1],
  ["duplicate intent", P(`  intent "y"\n${DEL}`), "ERR_INVALID_PLAN 4:3-4:13", 1],
  ["unknown capability", P(`  capabilities [Fs]\n${DEL}`), "ERR_INVALID_PLAN 4:17-4:19", 1],
  ["counter with a leading zero", P(`  counter 01\n${DEL}`), "ERR_INVALID_PLAN 4:11-4:13", 1],
  ["counter that is a word", P(`  counter seven\n${DEL}`), "ERR_INVALID_PLAN 4:11-4:16", 1],
  ["mode 644", P('  artifact "a" { mode 644 op delete }'), "ERR_INVALID_PLAN 4:23-4:26", 1],
  ["two sources", P(`  artifact "a" { cas "sha256:${A64}" cas "sha256:${A64}" }`), "ERR_INVALID_PLAN 4:96-4:173", 1],
  [
    "patch pre-image word other than absent",
    P('  artifact "a" { patch unified none <<E\nE\n  }'),
    "ERR_INVALID_PLAN 4:32-4:36",
    1,
  ],
  ["meta that is an array", P(`  meta []\n${DEL}`), "ERR_INVALID_PLAN 4:8-4:10", 1],
  ["meta with a trailing comma", P(`  meta {"a":1,}\n${DEL}`), "ERR_INVALID_PLAN 4:8-4:16", 1],
  [
    "several semantic errors are all reported, sorted",
    P(`  capabilities [x, y]\n  counter 00\n${DEL}`),
    "ERR_INVALID_PLAN 4:17-4:18",
    3,
  ],
  // schema
  ["plan name with upper case", `${H}plan P { intent "x" ${DEL} }`, "ERR_INVALID_PLAN 2:6-2:7", 1],
  ["empty artifact path", P('  artifact "" { op delete }'), "ERR_PATH_SEGMENT 4:12-4:14", 1],
  ["backslash path", P('  artifact "a\\\\b" { op delete }'), "ERR_PATH_NOT_RELATIVE_POSIX 4:12-4:18", 1],
  ["create without a source", P('  artifact "a" { op create }'), "ERR_INVALID_PLAN 4:16-4:29", 1],
  ["http ref", P(`  artifact "a" { ref "http://h/x" "sha256:${A64}" }`), "ERR_INVALID_PLAN 4:22-4:34", 1],
  ["template params as an array", P('  artifact "a" { template web "t" ["x"] }'), "ERR_INVALID_PLAN 4:35-4:40", 1],
  ["check id longer than 128", P(`  check ${"i".repeat(129)} using a.b\n${DEL}`), "ERR_INVALID_PLAN 4:9-4:138", 1],
  [
    "lone surrogate in heredoc content",
    P('  artifact "a" { inline <<E\n\uD800\nE\n  }'),
    "ERR_INVALID_PLAN 4:25-6:2",
    1,
  ],
];

describe("malformed-input corpus: expected first diagnostic", () => {
  it("holds at least 30 entries", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  for (const [what, source, first, count] of CORPUS) {
    it(`${what} → ${first}`, () => {
      const r = parseAxm(source);
      expect(r.plan).toBeUndefined();
      expect(r.diagnostics.length).toBe(count);
      expect(short(r.diagnostics[0] as NonNullable<(typeof r.diagnostics)[0]>)).toBe(first);
    });
  }
});
