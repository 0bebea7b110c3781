// hooks-doctor.md §2.9 Decision and checks.md §6.2 (D24, HOOK-1): the gate keeps its own copy of
// the protected harness-config paths so its chunk stays free of zod; this test keeps that copy equal
// to the checks engine's list and proves both gate deny lists (built-in and `axiom init`'s) cover it.
import { PROTECTED_HARNESS_PATHS } from "@codai/axiom-checks";
import { describe, expect, it } from "vitest";
import { compileGlobs } from "../../checks/src/glob";
import { BUILTIN_GATE_PROFILE, GATE_PROTECTED_PATHS, INIT_GATE_PROFILE } from "../src/harness/gate/profile";

/** A concrete path each protected glob names (a `/**` glob: a file under it). */
const sample = (glob: string) => glob.replace(/\/\*\*$/, "/x/settings.json");

describe("gate protected paths (D24, HOOK-1)", () => {
  it("the gate's copy equals the engine's PROTECTED_HARNESS_PATHS (same entries, same order)", () => {
    expect([...GATE_PROTECTED_PATHS]).toEqual([...PROTECTED_HARNESS_PATHS]);
  });

  it("the built-in gate profile's deny list holds every protected path verbatim (§2.9)", () => {
    for (const p of GATE_PROTECTED_PATHS) expect(BUILTIN_GATE_PROFILE.deny, p).toContain(p);
  });

  it("the built-in and the init gate profile deny a file under every protected path, case-insensitively (§2.10, §3.3)", () => {
    for (const profile of [BUILTIN_GATE_PROFILE, INIT_GATE_PROFILE]) {
      const denied = compileGlobs(profile.deny, { nocase: true });
      for (const p of GATE_PROTECTED_PATHS) {
        expect(denied(sample(p)), sample(p)).toBe(true);
        expect(denied(sample(p).toUpperCase()), sample(p).toUpperCase()).toBe(true);
      }
    }
  });
});
