// The secret detectors (checks.md §4.4) on their own; the content.noSecrets predicate built on them
// is tested in packages/checks/test/secrets.test.ts, the gate's use in packages/mcp/test/gate-*.
import { describe, expect, it } from "vitest";
import { activePatterns, detect, PII_PATTERN_NAMES, SECRET_PATTERN_NAMES } from "../src/index";

describe("pattern names", () => {
  it("SECRET_PATTERN_NAMES lists all ten in table order; PII_PATTERN_NAMES the four PII ones", () => {
    expect(SECRET_PATTERN_NAMES).toEqual([
      "cnp",
      "email",
      "phoneRo",
      "card",
      "credentialAssignment",
      "awsKey",
      "githubToken",
      "privateKey",
      "jwt",
      "slackToken",
    ]);
    expect(PII_PATTERN_NAMES).toEqual(["cnp", "email", "phoneRo", "card"]);
  });

  it("activePatterns: secrets only by default, PII added with pii: true, `disable` removes either, unknown names ignored", () => {
    const secrets = SECRET_PATTERN_NAMES.filter((n) => !(PII_PATTERN_NAMES as readonly string[]).includes(n));
    expect(activePatterns({ pii: false, disable: [] })).toEqual(secrets);
    expect(activePatterns({ pii: true, disable: [] })).toEqual([...SECRET_PATTERN_NAMES]);
    expect(activePatterns({ pii: true, disable: ["email", "jwt", "nope"] })).toEqual(
      SECRET_PATTERN_NAMES.filter((n) => n !== "email" && n !== "jwt"),
    );
  });

  it("detect answers found / not found per pattern", () => {
    expect(detect("awsKey", "k = AKIAABCDEFGHIJKLMNOP")).toBe(true);
    expect(detect("awsKey", "k = AKIAABCDEFGHIJKLMNO")).toBe(false);
    expect(detect("privateKey", "-----BEGIN OPENSSH PRIVATE KEY-----")).toBe(true);
  });
});
