// RelPathSchema (formats.md §1.1) wraps @codai/axiom-rules' relPathIssues; the rules' own tests
// live in packages/rules/test/relpath.test.ts.
import { RELPATH_CODES, relPathIssues } from "@codai/axiom-rules";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, issuesFromZod, RelPathSchema } from "../src/index";

describe("RelPathSchema (formats.md §1.1)", () => {
  it("the schema reports each failing rule as an issue carrying its code", () => {
    const r = RelPathSchema.safeParse("/a//CON.txt:");
    expect(r.success).toBe(false);
    if (!r.success) expect(issuesFromZod(r.error).map((i) => i.code)).toEqual(relPathIssues("/a//CON.txt:"));
  });
  it("a valid RelPath parses unchanged", () => {
    expect(RelPathSchema.parse("src/app/(app)/page.tsx")).toBe("src/app/(app)/page.tsx");
  });
  it("every code the rules can report is an ERROR_CODES member", () => {
    for (const c of RELPATH_CODES) expect(ERROR_CODES).toContain(c);
  });
});
