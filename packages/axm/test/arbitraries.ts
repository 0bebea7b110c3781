// axmPlanArb (axm.md §8.5): expressible Plans for the round-trip properties. The spec places it in
// packages/testkit; it lives here until that package takes it (it only needs fast-check, schema and rules).
import { relPathIssues } from "@codai/axiom-rules";
import { collectIssues, type Plan, PlanSchema } from "@codai/axiom-schema";
import fc from "fast-check";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const KEYWORD_NAMES = ["meta", "plan", "using", "template", "artifact", "check", "inline", "fs"];

const text = (maxLength: number) =>
  fc
    .oneof(
      fc.string({ maxLength }),
      fc.string({ unit: "binary", maxLength }),
      fc.string({ unit: "grapheme", maxLength }),
    )
    .filter((s) => !LONE_SURROGATE.test(s));

/** One heredoc line: the corner cases of §8.5 or arbitrary text without LF/CR. */
const heredocLine = fc.oneof(
  fc.constantFrom(
    "EOF",
    "EOF_1",
    "EOF_2",
    "",
    "}",
    "// not a comment",
    "/* no */",
    "  EOF",
    "EOF ",
    "a😀b",
    "é ü ß",
    "<<EOF",
  ),
  text(20).map((s) => s.replace(/[\r\n]/g, "")),
);

/** Heredoc-safe content: no CR. */
const heredocContent = fc.array(heredocLine, { maxLength: 6 }).map((ls) => ls.join("\n"));

const ident = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_-]{0,10}$/);
const hex64 = fc.stringMatching(/^[a-f0-9]{64}$/);
const digestRef = hex64.map((h) => `sha256:${h}`);

const planName = fc.oneof(
  fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/),
  fc.constantFrom("meta", "plan", "using", "axiom"),
);
const profile = fc.oneof(
  fc.constantFrom("default", "my.app", "template", "my_profile-2"),
  ident,
  text(12).filter((s) => s.length > 0),
);
const checkId = fc.oneof(
  fc.constantFrom("content.noSecrets", "using", "check", "a b"),
  ident,
  text(20).filter((s) => s.length > 0),
);
const predicate = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,6}\.[a-zA-Z][a-zA-Z0-9]{0,6}$/);
const jsonKey = text(6).filter((k) => k !== "__proto__");
const jsonValue = fc.jsonValue({ maxDepth: 3 }).filter((v) => !JSON.stringify(v).includes('"__proto__"'));
const jsonObject = fc.dictionary(jsonKey, jsonValue, { maxKeys: 4 });

const segment = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/),
  fc.constantFrom("é", "日本", "a😀", "x.txt", "has space"),
);
const relPath = fc
  .array(segment, { minLength: 1, maxLength: 3 })
  .map((s) => s.join("/"))
  .filter((p) => relPathIssues(p).length === 0);

const source = fc.oneof(
  heredocContent.map((content) => ({ type: "inline" as const, encoding: "utf8" as const, content })),
  digestRef.map((digest) => ({ type: "cas" as const, digest })),
  fc
    .record({
      uri: fc.constantFrom("https://cdn.example.org/x.js", "file:///tmp/a%20b", "https://h/x?q=1#f"),
      digest: digestRef,
    })
    .map((r) => ({ type: "ref" as const, ...r })),
  fc
    .record({
      emitter: fc.array(ident, { minLength: 1, maxLength: 3 }).map((p) => p.join(".")),
      template: text(12).filter((s) => s.length > 0),
      params: jsonObject,
    })
    .map((r) => ({ type: "template" as const, ...r })),
  fc
    .record({
      format: fc.constantFrom("unified" as const, "v4a" as const, "search-replace" as const),
      preImage: fc.oneof(fc.constant("absent"), digestRef),
      body: heredocContent.map((c) => `${c}\n`),
    })
    .map((r) => ({ type: "patch" as const, ...r })),
);

const inlineSource = heredocContent.map((content) => ({ type: "inline" as const, encoding: "utf8" as const, content }));

function artifactArb(src: fc.Arbitrary<unknown>) {
  return fc
    .record({
      path: relPath,
      mode: fc.constantFrom("0644", "0755"),
      op: fc.constantFrom("create", "overwrite", "delete"),
      source: src,
    })
    .map(({ op, source: s, ...rest }) => (op === "delete" ? { ...rest, op } : { ...rest, op, source: s }));
}

const check = fc.record({
  id: checkId,
  predicate,
  params: fc.oneof(jsonObject, fc.array(jsonValue, { maxLength: 3 })),
  severity: fc.constant("error"),
});

function planArb(src: fc.Arbitrary<unknown>): fc.Arbitrary<Plan> {
  return fc
    .record({
      name: planName,
      intent: text(40),
      profile,
      capabilities: fc.uniqueArray(fc.constantFrom("fs", "net", "secret", "ai", "compute", "git")),
      counter: fc.option(fc.maxSafeNat(), { nil: undefined }),
      artifacts: fc
        .uniqueArray(artifactArb(src), { minLength: 1, maxLength: 4, selector: (a) => a.path })
        // A valid Plan never holds a file and a path under it (`d`, `d/e`: formats.md §3.2 step 2, SEC-21).
        .filter((as) => !as.some((a) => as.some((b) => b.path.startsWith(`${a.path}/`)))),
      checks: fc.uniqueArray(check, { maxLength: 3, selector: (c) => c.id }),
      metadata: fc.oneof(jsonObject, fc.constant({ nested: { deep: [1, { n: null }], s: "x" } })),
    })
    .map(({ counter, ...rest }) => ({
      apiVersion: "axiom.dev/v2",
      kind: "Plan",
      ...rest,
      ...(counter === undefined ? {} : { counter }),
    }))
    .map((p) => collectIssues(PlanSchema, p))
    .filter((r) => r.ok)
    .map((r) => (r as { ok: true; value: Plan }).value);
}

/** Expressible Plans with all five source kinds. */
export const axmPlanArb: fc.Arbitrary<Plan> = planArb(source);
/** Expressible Plans whose sources are all inline utf8 (compile needs no root). */
export const axmInlinePlanArb: fc.Arbitrary<Plan> = planArb(inlineSource);
export { KEYWORD_NAMES };
