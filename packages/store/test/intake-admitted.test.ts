// Admitted bundles (intake.ts, issue 24): a bundle this process compiled is deep-frozen and its
// intake returns it as it is; every other object — a copy of it included — takes the whole intake.
import { demoBundle, expectCode } from "@codai/axiom-testkit";
import { describe, expect, test } from "vitest";
import { admitCompiledBundle, intakeBundle } from "../src/intake";

describe("admitCompiledBundle", () => {
  test("the admitted object comes back from intake as that very object; a fresh valid copy is parsed anew", () => {
    const admitted = admitCompiledBundle(demoBundle({ counter: 1 }));
    expect(intakeBundle(admitted)).toBe(admitted);
    const copy = structuredClone(admitted);
    const parsed = intakeBundle(copy);
    expect(parsed).not.toBe(copy);
    expect(parsed).toEqual(admitted);
  });

  test("attack: change an admitted bundle after its admission → refused by the runtime (deep-frozen), nothing changes", () => {
    const admitted = admitCompiledBundle(demoBundle({ counter: 2 }));
    const before = structuredClone(admitted);
    expect(() => {
      (admitted as { manifestDigest: string }).manifestDigest = `sha256:${"0".repeat(64)}`;
    }).toThrow(TypeError);
    expect(() => {
      admitted.manifest.artifacts[0].path = "elsewhere.txt";
    }).toThrow(TypeError);
    expect(() => {
      admitted.manifest.artifacts.push(admitted.manifest.artifacts[0]);
    }).toThrow(TypeError);
    expect(() => {
      (admitted.blobs as Record<string, unknown>)["sha256:x"] = { encoding: "utf8", data: "" };
    }).toThrow(TypeError);
    expect(admitted).toEqual(before);
  });

  test("attack: a copy of an admitted bundle with another digest or path is not admitted with it", async () => {
    const admitted = admitCompiledBundle(demoBundle({ counter: 3 }));
    const forged = { ...structuredClone(admitted), manifestDigest: `sha256:${"0".repeat(64)}` };
    await expectCode(() => intakeBundle(forged), "ERR_NOT_CANONICAL");
    const moved = structuredClone(admitted);
    moved.manifest.artifacts[0].path = "moved.txt";
    await expectCode(() => intakeBundle(moved), "ERR_NOT_CANONICAL");
  });
});
