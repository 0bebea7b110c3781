// The pieces of the elicitation message one by one (human/excerpt.ts and human/message.ts, mcp.md
// §8.4): escaping, the two clips at their exact bounds, which diff lines the secret scanner reads
// (PII included, whatever a profile disables), which changes have an excerpt, and the head lines.
import type { FileChange } from "@codai/axiom-workflow";
import { describe, expect, test } from "vitest";
import { evaluateAnswer } from "../src/server/human/answer";
import {
  clipEnd,
  clipMiddle,
  EXCERPT_LINE_MAX,
  escapeForHuman,
  excerpt,
  flaggedPattern,
} from "../src/server/human/excerpt";
import { confirmationMessage, digest12, digestHex, orderOps } from "../src/server/human/message";
import { RequestStateStore } from "../src/server/human/state";

const text = (path: string, lines: string[], op: FileChange["op"] = "create"): FileChange => ({
  op,
  path,
  kind: "text",
  added: lines.length,
  removed: 0,
  lines,
});

describe("escapeForHuman", () => {
  test("control, format and line/paragraph separators → \\u{XXXX}, upper-case hex, at least 4 digits; a TAB too; other text unchanged", () => {
    expect(escapeForHuman("a\u0000b\u001fc\u007fd")).toBe("a\\u{0000}b\\u{001F}c\\u{007F}d");
    expect(escapeForHuman("\t")).toBe("\\u{0009}");
    expect(escapeForHuman("\u00ad\u200b\u{1D173}")).toBe("\\u{00AD}\\u{200B}\\u{1D173}");
    expect(escapeForHuman("é € 𝒳 plain")).toBe("é € 𝒳 plain");
  });
});

describe("clipEnd", () => {
  test("exactly max characters is kept whole; one more → max-1 characters and …", () => {
    expect(clipEnd("a".repeat(10), 10)).toBe("a".repeat(10));
    expect(clipEnd("a".repeat(11), 10)).toBe(`${"a".repeat(9)}…`);
    expect([...clipEnd("𝒳".repeat(11), 10)].length).toBe(10);
  });

  test("an escape counts by its shown width and is never cut in half; keepTab keeps a TAB as one character", () => {
    // "ab" + \u{0007} (9 characters) + "c": 12 wide; max 10 leaves room for "ab" only before the …
    expect(clipEnd("ab\u0007c", 10)).toBe("ab…");
    expect(clipEnd("ab\u0007c", 12)).toBe("ab\\u{0007}c");
    expect(clipEnd("a\tb", 10, true)).toBe("a\tb");
    expect(clipEnd("a\tb", 10)).toBe("a\\u{0009}b");
    expect(clipEnd("x".repeat(EXCERPT_LINE_MAX + 1))).toBe(`${"x".repeat(EXCERPT_LINE_MAX - 1)}…`);
  });
});

describe("clipMiddle", () => {
  test("within max → whole; above → the first ⌊(max-1)/2⌋ and the last rest characters around …", () => {
    expect(clipMiddle("abcdefghij", 10)).toBe("abcdefghij");
    expect(clipMiddle("abcdefghijk", 10)).toBe("abcd…ghijk");
    expect(clipMiddle("abcdefghijkl", 11)).toBe("abcde…hijkl");
    const long = `${"h".repeat(200)}${"t".repeat(200)}`;
    const clipped = clipMiddle(long);
    expect([...clipped].length).toBe(EXCERPT_LINE_MAX);
    expect(clipped).toBe(`${"h".repeat(79)}…${"t".repeat(80)}`);
  });

  test("an escape is kept whole on either side or left out", () => {
    expect(clipMiddle("a\u0007bcdefghijklmn\u0007z", 12)).toBe("a…z");
    expect(clipMiddle("a\u0007bcdefghijklmn\u0007z", 22)).toBe("a\\u{0007}b…mn\\u{0007}z");
    expect(clipMiddle("\u0007\u0007\u0007\u0007", 20)).toBe("\\u{0007}…\\u{0007}");
  });
});

describe("the secret scanner over diff lines", () => {
  test("PII counts (the message leaves the server): a phone number is flagged", () => {
    expect(flaggedPattern("call 0712345678 now")).toBe("phoneRo");
    expect(flaggedPattern("nothing to see")).toBeUndefined();
  });

  test("hunk headers (@@) and `\\ No newline` lines are shown, not scanned; +, - and context lines are", () => {
    const mail = "call 0712345678";
    const { lines } = excerpt(
      [text("a.txt", [`@@ -1 +1 @@ ${mail}`, `\\ ${mail}`, `+${mail}`, `-${mail}`, ` ${mail}`])],
      60,
    );
    expect(lines).toEqual([
      "=== a.txt",
      `@@ -1 +1 @@ ${mail}`,
      `\\ ${mail}`,
      "+[line hidden: matches secret pattern phoneRo]",
      "-[line hidden: matches secret pattern phoneRo]",
      " [line hidden: matches secret pattern phoneRo]",
    ]);
  });
});

describe("excerpt", () => {
  test("binary, large, unavailable and hunk-less text changes have no excerpt lines", () => {
    const ex = excerpt(
      [
        { op: "overwrite", path: "b.png", kind: "binary", bytes: 3 },
        { op: "overwrite", path: "big", kind: "large", bytes: 9 },
        { op: "overwrite", path: "u", kind: "unavailable", code: "ERR_X" },
        text("empty.txt", []),
      ],
      60,
    );
    expect(ex).toEqual({ lines: [], total: 0 });
  });

  test("only the first `limit` lines are rendered; total counts them all, a hidden private key as one line", () => {
    const ex = excerpt(
      [
        text("a.txt", ["@@ -0,0 +1,2 @@", "+1", "+2"]),
        text("k.pem", ["@@ -0,0 +1,3 @@", "+-----BEGIN PRIVATE KEY-----", "+abc", "+-----END PRIVATE KEY-----"]),
      ],
      3,
    );
    expect(ex).toEqual({ lines: ["=== a.txt", "@@ -0,0 +1,2 @@", "+1"], total: 6 });
    expect(excerpt([text("a.txt", ["+1"])], 0)).toEqual({ lines: [], total: 2 });
  });

  test("a long path in a `===` line is clipped in the middle", () => {
    const path = `${"d".repeat(300)}/file.ts`;
    const [head] = excerpt([text(path, ["+x"])], 60).lines;
    expect(head).toBe(`=== ${clipMiddle(path)}`);
    expect(head?.endsWith("file.ts")).toBe(true);
  });
});

describe("message head", () => {
  test("digestHex / digest12 take `sha256:` or a bare hex; orderOps puts deletes first, each group in order", () => {
    const hex = "abcdef012345".padEnd(64, "9");
    expect(digestHex(`sha256:${hex}`)).toBe(hex);
    expect(digestHex(hex)).toBe(hex);
    expect(digest12(hex)).toBe("abcdef012345");
    const ops = [
      { op: "create", n: 1 },
      { op: "delete", n: 2 },
      { op: "overwrite", n: 3 },
      { op: "delete", n: 4 },
    ];
    expect(orderOps(ops).map((o) => o.n)).toEqual([2, 4, 1, 3]);
  });

  test("the review line follows the manifest line when a link is given; a bare-hex digest still shows sha256:", () => {
    const hex = "1".repeat(64);
    const lines = confirmationMessage("/r", hex, [text("a.txt", [])], "http://127.0.0.1:1/?t=x#/change/1").split("\n");
    expect(lines).toEqual([
      "AXIOM apply needs your confirmation",
      "root: /r",
      "files: 1",
      `manifest: sha256:${hex}`,
      "review: http://127.0.0.1:1/?t=x#/change/1",
      "create a.txt (+0 −0)",
      "Type these 12 characters into digest12: 111111111111",
    ]);
  });

  test("exactly 20 op lines → no `… and N more` line", () => {
    const changes = Array.from({ length: 20 }, (_, i) => text(`f${i}`, []));
    const msg = confirmationMessage("/r", `sha256:${"2".repeat(64)}`, changes);
    expect(msg).not.toContain("… and");
    expect(msg.split("\n").filter((l) => l.startsWith("create "))).toHaveLength(20);
  });
});

describe("kills of the first mutation run's survivors", () => {
  test("clipMiddle escapes a TAB (a path never keeps one raw)", () => {
    expect(clipMiddle("a\tb")).toBe("a\\u{0009}b");
  });

  test("the scanner reads a diff line without its sign: `+0712345678` is a phone number", () => {
    const { lines } = excerpt([text("a.txt", ["+0712345678"])], 60);
    expect(lines).toEqual(["=== a.txt", "+[line hidden: matches secret pattern phoneRo]"]);
  });

  test("answers: null or a null content is no answer / a mismatch, never a crash; inner whitespace is not trimmed", () => {
    const D = `sha256:${"ab12cd34ef56".padEnd(64, "0")}`;
    expect(evaluateAnswer(null, D)).toBe("ask-again");
    expect(evaluateAnswer({ action: "accept", content: null }, D)).toBe("mismatch");
    expect(evaluateAnswer({ action: "accept", content: { confirm: true, digest12: "ab12 cd34ef56" } }, D)).toBe(
      "mismatch",
    );
    expect(evaluateAnswer({ action: "accept", content: { confirm: true, digest12: " ab12cd34ef5 6" } }, D)).toBe(
      "mismatch",
    );
  });

  test("requestState: another prefix on a good body → malformed; a non-canonical base64url spelling of the same bytes → malformed", () => {
    const bind = { manifestDigest: `sha256:${"1".repeat(64)}`, root: "/r", tool: "axiom_write" };
    const s = new RequestStateStore();
    const st = s.mint(bind);
    expect(s.verify(`v2.${st.slice(3)}`, bind)).toBe("malformed");
    expect(s.verify(`x${st}`, bind)).toBe("malformed");
    // 56 bytes take 75 characters, whose last carries 2 unused bits: another last character, same bytes
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = st.at(-1) as string;
    const other = `${st.slice(0, -1)}${alphabet[alphabet.indexOf(last) ^ 1]}`;
    expect(Buffer.from(other.slice(3), "base64url").equals(Buffer.from(st.slice(3), "base64url"))).toBe(true);
    expect(s.verify(other, bind)).toBe("malformed");
    expect(s.verify(st, bind)).toBeUndefined(); // the refusals consumed nothing
  });
});
