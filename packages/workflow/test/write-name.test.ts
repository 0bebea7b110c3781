// CLI-O8: axiom_write names its Plan after the caller's intent, so history says what each write was.
import { PlanNameSchema } from "@codai/axiom-schema";
import { describe, expect, it } from "vitest";
import { writePlanName } from "../src/write-name";
import { buildWritePlan } from "../src/write-plan";

describe("writePlanName", () => {
  it("the intent as a kebab name, valid for PlanNameSchema, the same every time", () => {
    expect(writePlanName("Fix the README typo!")).toBe("fix-the-readme-typo");
    expect(writePlanName("  Café: déjà vu  ")).toBe("cafe-deja-vu");
    const long = writePlanName("a ".repeat(100));
    expect(long.length).toBeLessThanOrEqual(64);
    for (const n of ["Fix the README typo!", "a ".repeat(100), "x-".repeat(40)]) {
      expect(PlanNameSchema.safeParse(writePlanName(n)).success, n).toBe(true);
    }
  });

  it("an intent with nothing to keep falls back to agent-write", () => {
    expect(writePlanName("")).toBe("agent-write");
    expect(writePlanName("!!! ???")).toBe("agent-write");
    expect(writePlanName("日本語")).toBe("agent-write");
  });

  it("buildWritePlan uses it, so preview and confirm build the same Plan", () => {
    const files = [{ path: "a.txt", content: "x" }];
    expect(buildWritePlan(files, "add a.txt", "default").name).toBe("add-a-txt");
    expect(buildWritePlan(files, "add a.txt", "default")).toEqual(buildWritePlan(files, "add a.txt", "default"));
  });
});
