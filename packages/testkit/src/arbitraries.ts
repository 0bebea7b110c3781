// fast-check arbitraries: valid RelPaths and valid Plans with inline utf8/base64 sources.
import fc from "fast-check";

const SEGMENT_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".split("");

/** One valid path segment: safe chars, optionally a unicode tail, never reserved or dotted at the end. */
export const arbSegment: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.constantFrom(...SEGMENT_CHARS), { minLength: 1, maxLength: 10 }).map((cs) => cs.join("")),
    fc.constantFrom("", ".ts", ".md", ".json", "\u00e9", "\uff41", "😀"),
  )
  .map(([base, tail]) => `x${base}${tail}`.normalize("NFC"));

/** A valid RelPath of 1–4 segments. */
export const arbRelPath: fc.Arbitrary<string> = fc
  .array(arbSegment, { minLength: 1, maxLength: 4 })
  .map((s) => s.join("/"));

/** Valid content strings (well-formed UTF-16, any code point). */
export const arbContent: fc.Arbitrary<string> = fc.string({ unit: "grapheme", maxLength: 200 });

export const arbInlineSource = fc.oneof(
  arbContent.map((content) => ({ type: "inline" as const, content })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
    type: "inline" as const,
    encoding: "base64" as const,
    content: Buffer.from(bytes).toString("base64"),
  })),
);

export const arbArtifact = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      path: arbRelPath,
      op: fc.constantFrom("create" as const, "overwrite" as const),
      mode: fc.constantFrom("0644" as const, "0755" as const),
      source: arbInlineSource,
    }),
  },
  { weight: 1, arbitrary: fc.record({ path: arbRelPath, op: fc.constant("delete" as const) }) },
);

export const arbPlanName: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789-".split("")), { minLength: 0, maxLength: 20 })
  .map((cs) => `p${cs.join("")}`);

/** A valid Plan with 1–8 artifacts (unique paths, none under another), inline sources and 0–3 checks (unique ids). */
export const arbPlan = fc
  .record({
    name: arbPlanName,
    intent: fc.string({ maxLength: 80 }),
    artifacts: fc
      .uniqueArray(arbArtifact, { minLength: 1, maxLength: 8, selector: (a) => a.path })
      // A valid Plan never holds a file and a path under it (`d`, `d/e`: formats.md §3.2 step 2, SEC-21).
      .filter((as) => !as.some((a) => as.some((b) => b.path.startsWith(`${a.path}/`)))),
    checks: fc.uniqueArray(
      fc.record({
        id: fc.string({ minLength: 1, maxLength: 12 }),
        predicate: fc.constantFrom("content.noSecrets", "path.deny", "repo.noOverwriteOf"),
        params: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<unknown>,
      }),
      { maxLength: 3, selector: (c) => c.id },
    ),
    metadata: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<unknown>, {
      maxKeys: 3,
    }),
  })
  // "__proto__" keys behave differently across JSON/YAML/zod object builders; keep them out.
  .filter((p) => !JSON.stringify(p).includes("__proto__"))
  .map(({ name, intent, artifacts, checks, metadata }) => ({
    apiVersion: "axiom.dev/v2" as const,
    kind: "Plan" as const,
    name,
    intent,
    artifacts,
    checks,
    metadata,
  }));
