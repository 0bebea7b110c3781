// Each secret detector of checks.md §4.4 on its own, in rules itself (the checks predicate and the
// gate only call detect()): one true positive and the near misses that each part of a pattern is
// there to refuse. Expected answers come from the spec's table, not from running the detectors.
import { describe, expect, it } from "vitest";
import { detect } from "../src/index";
import { isPlaceholderValue, isValidCnp, luhnValid } from "../src/secrets";

const CNP_WEIGHTS = [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9];
/** The 13-digit CNP for the first 12 digits, with the checksum of checks.md §4.4 (rest 10 → 1). */
function cnp(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (CNP_WEIGHTS[i] as number);
  const rest = sum % 11;
  return `${first12}${rest === 10 ? 1 : rest}`;
}
/** First 12 digits: sex 1, born 80-MM-DD, county CC, serial 114. */
const body = (mm: string, dd: string, cc: string, serial = "114") => `180${mm}${dd}${cc}${serial}`;

describe("cnp (Romanian personal numeric code)", () => {
  it("a known valid CNP is found; one wrong check digit is not", () => {
    expect(cnp("180010122114")).toBe("1800101221144");
    expect(isValidCnp("1800101221144")).toBe(true);
    expect(isValidCnp("1800101221145")).toBe(false);
  });
  it("a checksum rest of 10 is written as check digit 1", () => {
    const serials = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
    const tenth = serials
      .map((s) => body("01", "01", "22", s))
      .find((b) => {
        let sum = 0;
        for (let i = 0; i < 12; i++) sum += Number(b[i]) * (CNP_WEIGHTS[i] as number);
        return sum % 11 === 10;
      }) as string;
    expect(isValidCnp(`${tenth}1`)).toBe(true);
    expect(isValidCnp(`${tenth}0`)).toBe(false);
  });
  it.each([
    ["month 01", body("01", "15", "22"), true],
    ["month 12", body("12", "15", "22"), true],
    ["month 00", body("00", "15", "22"), false],
    ["month 13", body("13", "15", "22"), false],
    ["day 01", body("06", "01", "22"), true],
    ["day 31", body("06", "31", "22"), true],
    ["day 00", body("06", "00", "22"), false],
    ["day 32", body("06", "32", "22"), false],
    ["county 01", body("06", "15", "01"), true],
    ["county 52", body("06", "15", "52"), true],
    ["county 70", body("06", "15", "70"), true],
    ["county 00", body("06", "15", "00"), false],
    ["county 53", body("06", "15", "53"), false],
    ["county 69", body("06", "15", "69"), false],
    ["county 71", body("06", "15", "71"), false],
  ])("%s, checksum right → %s", (_why, first12, valid) => {
    expect(isValidCnp(cnp(first12))).toBe(valid);
    expect(detect("cnp", `id ${cnp(first12)} end`)).toBe(valid);
  });
  it("the first digit is 1–9; exactly 13 digits", () => {
    expect(isValidCnp(cnp("080010122114"))).toBe(false);
    expect(isValidCnp("180010122114")).toBe(false);
    expect(isValidCnp(`${cnp("180010122114")}0`)).toBe(false);
    expect(isValidCnp("18001012211a4")).toBe(false);
  });
  it("in text: only a stand-alone run of 13 digits; a later valid run is still found", () => {
    expect(detect("cnp", "(1800101221144)")).toBe(true);
    expect(detect("cnp", "x1800101221144")).toBe(false);
    expect(detect("cnp", "_1800101221144")).toBe(false);
    expect(detect("cnp", "1800101221144x")).toBe(false);
    expect(detect("cnp", "91800101221144")).toBe(false);
    expect(detect("cnp", "1800101221145 then 1800101221144")).toBe(true);
  });
});

describe("email", () => {
  it("an ordinary address is found, also inside text", () => {
    expect(detect("email", "dev@company.io")).toBe(true);
    expect(detect("email", "mail first.last+tag@sub.corp.co.uk now")).toBe(true);
    expect(detect("email", "no at sign, just corp.io")).toBe(false);
    expect(detect("email", "user@localhost")).toBe(false); // no dot in the domain
    expect(detect("email", "dev@x.y.io")).toBe(true); // one-character labels are labels
  });
  it("the local part is matched whole: a no-reply address inside text is still ignored", () => {
    expect(detect("email", "contact git@corp.io today")).toBe(false);
    expect(detect("email", "(noreply@corp.io)")).toBe(false);
  });
  it.each([
    "example.com",
    "example.net",
    "example.org",
    "foo.example",
    "a.test",
    "b.invalid",
    "host.localhost",
    "box.localdomain",
    "mail.example.com",
    "github.com",
    "users.noreply.github.com",
    "EXAMPLE.COM",
  ])("a reserved or GitHub domain is not reported: dev@%s", (domain) => {
    expect(detect("email", `dev@${domain}`)).toBe(false);
  });
  it("a domain that only ends with a reserved name's text is reported", () => {
    expect(detect("email", "dev@notexample.com")).toBe(true);
    expect(detect("email", "dev@mytest.io")).toBe(true);
    expect(detect("email", "dev@notgithub.com")).toBe(true);
  });
  it.each(["git", "noreply", "no-reply", "donotreply", "do-not-reply", "NoReply", "GIT"])(
    "the no-reply local part %s is not reported",
    (local) => {
      expect(detect("email", `${local}@corp.io`)).toBe(false);
    },
  );
  it("a local part that only contains a no-reply word is reported", () => {
    expect(detect("email", "gitlab@corp.io")).toBe(true);
    expect(detect("email", "noreply-team@corp.io")).toBe(true);
  });
  it.each([
    "png",
    "jpg",
    "gif",
    "svg",
    "webp",
    "ico",
    "css",
    "js",
    "ts",
    "json",
    "md",
    "txt",
    "html",
    "xml",
    "yml",
    "yaml",
    "py",
  ])("a file name such as icon@2x.%s is not an address", (ext) => {
    expect(detect("email", `icon@2x.${ext}`)).toBe(false);
  });
  it("the last label decides: x@y.png.io is an address, x@y.io.png is a file", () => {
    expect(detect("email", "x@y.png.io")).toBe(true);
    expect(detect("email", "x@y.io.png")).toBe(false);
    expect(detect("email", "x@y.pngx")).toBe(true);
  });
});

describe("phoneRo", () => {
  it.each(["0712345678", "call 0712345678.", "+40712345678", "+4712345678", "(0712345678)"])("%s → found", (t) => {
    expect(detect("phoneRo", t)).toBe(true);
  });
  it.each([
    "0612345678",
    "07123456789",
    "x0712345678",
    "10712345678",
    "+0712345678",
    "071234567",
    "07123 45678",
    "0712345678a",
  ])("%s → not found", (t) => {
    expect(detect("phoneRo", t)).toBe(false);
  });
});

describe("card", () => {
  it.each(["4111 1111 1111 1111", "4111-1111-1111-1111", "card 4111111111111111.", "4222222222222"])(
    "Luhn-valid 13–16 digits: %s → found",
    (t) => {
      expect(detect("card", t)).toBe(true);
    },
  );
  it.each([
    ["Luhn-invalid", "4111111111111112"],
    ["12 digits", "411111111113"],
    ["17 digits", "41111111111111113"],
    ["one repeated digit (Luhn-valid 8s)", "8888 8888 8888 8888"],
    ["all zeros", "0000-0000-0000-0000"],
    ["glued to a letter before", "x4111111111111111"],
    ["glued to a hyphen before", "-4111111111111111"],
    ["glued to a letter after", "4111111111111111x"],
    ["glued to a hyphen after", "4111111111111111-"],
    ["a zero UUID", "00000000-0000-0000-0000-000000000000"],
    ["a digit-only UUID", "12345678-1234-1234-1234-123456789012"],
  ])("%s (%s) → not found", (_why, t) => {
    expect(detect("card", t)).toBe(false);
  });
  it("luhnValid: the classic 79927398713 passes, its neighbours fail; doubling above 9 subtracts 9", () => {
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
    expect(luhnValid("79927398714")).toBe(false);
    expect(luhnValid("59")).toBe(true); // 9 + (5·2 − 9)
    expect(luhnValid("18")).toBe(true); // 8 + 1·2
    expect(luhnValid("81")).toBe(false);
  });
});

describe("credentialAssignment", () => {
  it.each([
    'password = "s3cr3tV4lue!"',
    "passwd: 's3cr3tV4lue!'",
    "pwd=`s3cr3tV4lue!`",
    'db_password: "Zq8!mK2#pL"',
    '{"client_secret": "a8f9Kd02LmQz"}',
    'const apiKey = new Secret("9fK2mQ8zLp1x")',
    'apikey = "9fK2mQ8zLp1x"',
    'api_key = "9fK2mQ8zLp1x"',
    'api-key = "9fK2mQ8zLp1x"',
    'accesskey = "9fK2mQ8zLp1x"',
    'access_key = "9fK2mQ8zLp1x"',
    'AUTH_TOKEN = "9fK2mQ8zLp1x"',
    'secret = "abcDef1234"',
  ])("%s → found", (t) => {
    expect(detect("credentialAssignment", t)).toBe(true);
  });
  it.each([
    ["a 7-character value", 'password = "s3cr3t!"'],
    ["no assignment", 'password "s3cr3tV4lue!"'],
    ["no credential word", 'colour = "s3cr3tV4lue!"'],
    ["an identifier-shaped value without a digit", 'secret = "myVariableName"'],
    ["a $VAR", 'auth_token = "$AUTH_TOKEN"'],
    ["your-…", 'password = "your-password-here1"'],
    ["my_…", 'password = "my_pass_1234"'],
    ["starts with password", 'token = "Password99!x"'],
    ["starts with 123456", 'token = "1234567890ab"'],
    ["a value across a line break", 'password = "s3cr3t\nV4lue!"'],
  ])("%s (%s) → not found", (_why, t) => {
    expect(detect("credentialAssignment", t)).toBe(false);
  });
  it.each([
    "${",
    "{{",
    "<",
    "%s",
    "%d",
    "%(",
    "xxx",
    "***",
    "...",
    "changeme",
    "replaceme",
    "placeholder",
    "example",
    "dummy",
    "sample",
    "test",
    "redacted",
    "hunter2",
  ])("a value containing the placeholder %j is not reported", (part) => {
    const value = `Zq8!${part}mK2#`;
    expect(isPlaceholderValue(value)).toBe(true);
    expect(detect("credentialAssignment", `password = "${value}"`)).toBe(false);
    expect(isPlaceholderValue(value.toUpperCase())).toBe(true);
  });
  it("isPlaceholderValue: a value with none of the markers is a literal", () => {
    expect(isPlaceholderValue("Zq8!mK2#pL")).toBe(false);
    expect(isPlaceholderValue("abcDef1234")).toBe(false);
    expect(isPlaceholderValue("$1abc")).toBe(false);
    expect(isPlaceholderValue("yourname1")).toBe(false);
    expect(isPlaceholderValue("abc.def-ghi")).toBe(true);
  });
  it("isPlaceholderValue: each prefix rule holds at the start only; an identifier shape must span the value", () => {
    expect(isPlaceholderValue("$DB_PASS_2")).toBe(true);
    expect(isPlaceholderValue("pa$Sw0rd99")).toBe(false);
    expect(isPlaceholderValue("your_key_9")).toBe(true);
    expect(isPlaceholderValue("Zq8your-key1")).toBe(false);
    expect(isPlaceholderValue("MY-key-9")).toBe(true);
    expect(isPlaceholderValue("army_knife99")).toBe(false);
    expect(isPlaceholderValue("Secret-42x")).toBe(true);
    expect(isPlaceholderValue("x123456789ab")).toBe(false);
    expect(isPlaceholderValue("!abcdefgh")).toBe(false);
    expect(isPlaceholderValue("abcdefg!")).toBe(false);
  });
});

describe("token and key patterns", () => {
  const alnum36 = "a1B2c3D4e5".repeat(3).concat("abcdef");
  it.each(["p", "o", "u", "s", "r"])("gh%s_ + 36 alphanumerics → githubToken", (kind) => {
    expect(detect("githubToken", `token gh${kind}_${alnum36}`)).toBe(true);
  });
  it("githubToken near misses: ghx_, 35 characters", () => {
    expect(detect("githubToken", `ghx_${alnum36}`)).toBe(false);
    expect(detect("githubToken", `ghp_${alnum36.slice(1)}`)).toBe(false);
  });
  it("awsKey: AKIA + 16 upper-case alphanumerics, standing alone", () => {
    expect(detect("awsKey", "AKIA0123456789ABCDEF")).toBe(true);
    expect(detect("awsKey", "id=AKIA0123456789ABCDEF end")).toBe(true);
    expect(detect("awsKey", "XAKIA0123456789ABCDEF")).toBe(false);
    expect(detect("awsKey", "AKIA0123456789ABCDEFG")).toBe(false);
    expect(detect("awsKey", "AKIA0123456789abcdef")).toBe(false);
  });
  it("privateKey: any BEGIN … PRIVATE KEY header, not a public key", () => {
    for (const h of ["RSA ", "EC ", "OPENSSH ", "ENCRYPTED ", ""]) {
      expect(detect("privateKey", `-----BEGIN ${h}PRIVATE KEY-----`)).toBe(true);
    }
    expect(detect("privateKey", "-----BEGIN PUBLIC KEY-----")).toBe(false);
    expect(detect("privateKey", "-----BEGIN rsa PRIVATE KEY-----")).toBe(false);
  });
  it("jwt: eyJ then three dot-separated base64url segments", () => {
    expect(detect("jwt", "Bearer eyJhbGci.eyJzdWIi.c2lnbmF0dXJl")).toBe(true);
    expect(detect("jwt", "eyJa.b-_.c")).toBe(true);
    expect(detect("jwt", "eyJa.b")).toBe(false);
    expect(detect("jwt", "eyJa..c")).toBe(false);
    expect(detect("jwt", "eyja.b.c")).toBe(false);
  });
  it("slackToken: xoxa- xoxb- xoxp- xoxr-, not xoxs- or xoxb without the dash", () => {
    for (const k of ["a", "b", "p", "r"]) expect(detect("slackToken", `xox${k}-1`)).toBe(true);
    expect(detect("slackToken", "xoxs-1")).toBe(false);
    expect(detect("slackToken", "xoxb1")).toBe(false);
  });
});
