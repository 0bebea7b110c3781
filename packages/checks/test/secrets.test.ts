// content.noSecrets patterns (checks.md §4.4): acceptance lines 32–37, plus one true positive and
// one near-miss true negative per pattern (issue 4).
import { describe, expect, it } from "vitest";
import { runChecks } from "../src/index";
import { makeBundle, profileOf } from "./helpers";

async function scan(text: string, pii = true): Promise<string[]> {
  const report = await runChecks({
    bundle: makeBundle({ artifacts: [{ path: "f.txt", content: text }] }),
    profile: profileOf([{ id: "content.noSecrets", predicate: "content.noSecrets", params: { pii } }]),
  });
  return report.findings.map((f) => f.facts.pattern as string);
}

const GH = `ghp_${"a1B2c3D4e5".repeat(3)}abcdef`; // 36 alphanumerics

describe("pattern names (the list itself: packages/rules/test/secrets.test.ts)", () => {
  it("PII patterns are off unless pii: true", async () => {
    expect(await scan("jane@corp.io 4111 1111 1111 1111 0712345678 1800101221144", false)).toEqual([]);
  });
});

describe("PII (pii: true)", () => {
  it("32. pii: true on user@example.com, git@github.com, logo@2x.png, noreply@corp.io → no finding", async () => {
    expect(await scan("user@example.com git@github.com logo@2x.png noreply@corp.io")).toEqual([]);
  });

  it("email: true positive and near misses (test domains, subdomains, github.com, file-extension domains)", async () => {
    expect(await scan("contact: dev@company.io")).toEqual(["email"]);
    expect(await scan("a@mail.example.org b@x.test c@host.localhost d@users.noreply.github.com e@site.json")).toEqual(
      [],
    );
    expect(await scan("no at sign here, just corp.io")).toEqual([]);
  });

  it("33. pii: true on a valid CNP → cnp; the same digits with a wrong check digit → none", async () => {
    // 1800101221144: sex 1, 80-01-01, county 22, check digit computed with weights 279146358279.
    expect(await scan("cnp 1800101221144 here")).toEqual(["cnp"]);
    expect(await scan("cnp 1800101221145 here")).toEqual([]);
    expect(await scan("cnp 18001012211440 here")).toEqual([]); // 14 digits: not standalone 13
  });

  it("34. pii: true on 4111 1111 1111 1111 → card; on 0000-0000-0000-0000 and on a zero UUID → none; on a Luhn-invalid 16-digit run → none", async () => {
    expect(await scan("card 4111 1111 1111 1111.")).toEqual(["card"]);
    expect(await scan("card 4111-1111-1111-1111")).toEqual(["card"]);
    expect(await scan("0000-0000-0000-0000")).toEqual([]);
    expect(await scan("id 00000000-0000-0000-0000-000000000000")).toEqual([]);
    expect(await scan("4111111111111112")).toEqual([]);
  });

  it("35. pii: true on 0712345678 and +40712345678 → phoneRo", async () => {
    expect(await scan("call 0712345678")).toEqual(["phoneRo"]);
    expect(await scan("call +40712345678")).toEqual(["phoneRo"]);
    expect(await scan("call 0612345678 or 07123456789 or x0712345678")).toEqual([]);
  });
});

describe("secrets (always on)", () => {
  it('36. password = "s3cr3tV4lue!" → credentialAssignment; password = "changeme123", token: "${TOKEN}", api_key = "<your key>", secret = "myVariableName" → none', async () => {
    expect(await scan('password = "s3cr3tV4lue!"', false)).toEqual(["credentialAssignment"]);
    for (const near of [
      'password = "changeme123"',
      'token: "${TOKEN}"',
      'api_key = "<your key>"',
      'secret = "myVariableName"',
    ]) {
      expect(await scan(near, false), near).toEqual([]);
    }
  });

  it("credentialAssignment: identifier prefixes, JSON keys and new X( forms; short values are not reported", async () => {
    expect(await scan('db_password: "Zq8!mK2#pL"', false)).toEqual(["credentialAssignment"]);
    expect(await scan('{"client_secret": "a8f9Kd02LmQz"}', false)).toEqual(["credentialAssignment"]);
    expect(await scan('const apiKey = new Secret("9fK2mQ8zLp1x")', false)).toEqual(["credentialAssignment"]);
    expect(await scan('password = "s3cr3t"', false)).toEqual([]);
    expect(await scan('password = "your-password-here1"', false)).toEqual([]);
    expect(await scan('auth_token = "$AUTH_TOKEN"', false)).toEqual([]);
  });

  it("37. ghp_ + 36 alphanumerics → githubToken; -----BEGIN RSA PRIVATE KEY----- → privateKey; eyJa.b.c → jwt; xoxb-1 → slackToken", async () => {
    expect(await scan(GH, false)).toEqual(["githubToken"]);
    expect(await scan("-----BEGIN RSA PRIVATE KEY-----\nMIIB", false)).toEqual(["privateKey"]);
    expect(await scan("eyJa.b.c", false)).toEqual(["jwt"]);
    expect(await scan("xoxb-1", false)).toEqual(["slackToken"]);
  });

  it("near misses: 35 chars after ghp_, a public key header, two-segment eyJ, xoxz-, AKIA + 15", async () => {
    expect(await scan(GH.slice(0, -1), false)).toEqual([]);
    expect(await scan("-----BEGIN PUBLIC KEY-----", false)).toEqual([]);
    expect(await scan("eyJa.b", false)).toEqual([]);
    expect(await scan("xoxz-1 xoxb1", false)).toEqual([]);
    expect(await scan("AKIAABCDEFGHIJKLMNO", false)).toEqual([]);
  });

  it("awsKey true positive; privateKey variants (OPENSSH, EC, unqualified)", async () => {
    expect(await scan("AKIA0123456789ABCDEF", false)).toEqual(["awsKey"]);
    for (const h of [
      "-----BEGIN OPENSSH PRIVATE KEY-----",
      "-----BEGIN EC PRIVATE KEY-----",
      "-----BEGIN PRIVATE KEY-----",
    ]) {
      expect(await scan(h, false)).toEqual(["privateKey"]);
    }
  });
});
