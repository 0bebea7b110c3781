// The elicitation message as a person reads it (mcp.md §8.4, issue 19 "the human step shows the
// change"): op lines with create / overwrite / delete and +added −removed, the diff excerpt bounded
// to EXCERPT_MAX_LINES then "… N more lines", binaries by size, secret lines masked, hidden code
// points escaped, long lines clipped, and the whole message under MESSAGE_MAX_BYTES.
import type { FileChange } from "@codai/axiom-workflow";
import { describe, expect, test } from "vitest";
import { EXCERPT_LINE_MAX } from "../src/server/human/excerpt";
import { confirmationMessage, EXCERPT_MAX_LINES, MAX_OP_LINES, MESSAGE_MAX_BYTES } from "../src/server/human/message";

const D = `sha256:${"ab12cd34ef56".padEnd(64, "0")}`;
const LAST = "Type these 12 characters into digest12: ab12cd34ef56";

/** A text change from its new and old lines, as fileChanges reports a one-hunk diff. */
function text(op: FileChange["op"], path: string, added: string[], removed: string[] = []): FileChange {
  const lines = [
    `@@ -1,${removed.length} +1,${added.length} @@`,
    ...removed.map((l) => `-${l}`),
    ...added.map((l) => `+${l}`),
  ];
  return { op, path, kind: "text", added: added.length, removed: removed.length, lines };
}

const many = <T>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
const bytes = (s: string) => Buffer.byteLength(s, "utf8");

describe("op lines", () => {
  test("create, overwrite and delete each with +added −removed; deletes first; the excerpt follows; digest12 last", () => {
    const msg = confirmationMessage("/r", D, [
      text("create", "src/new.ts", ["export const a = 1;", "export const b = 2;"]),
      text("overwrite", "src/old.ts", ["const x = 2;"], ["const x = 1;"]),
      text("delete", "src/gone.ts", [], ["bye"]),
    ]);
    expect(msg).toBe(
      [
        "AXIOM apply needs your confirmation",
        "root: /r",
        "files: 3",
        `manifest: ${D}`,
        "delete src/gone.ts (+0 −1)",
        "create src/new.ts (+2 −0)",
        "overwrite src/old.ts (+1 −1)",
        "diff:",
        "=== src/gone.ts",
        "@@ -1,1 +1,0 @@",
        "-bye",
        "=== src/new.ts",
        "@@ -1,0 +1,2 @@",
        "+export const a = 1;",
        "+export const b = 2;",
        "=== src/old.ts",
        "@@ -1,1 +1,1 @@",
        "-const x = 1;",
        "+const x = 2;",
        LAST,
      ].join("\n"),
    );
  });

  test("a binary says `binary, N bytes`, a file too large to diff its size, an unreadable one the apply's code; none has an excerpt", () => {
    const msg = confirmationMessage("/r", D, [
      { op: "overwrite", path: "logo.png", kind: "binary", bytes: 2048 },
      { op: "overwrite", path: "big.log", kind: "large", bytes: 5_000_000 },
      { op: "overwrite", path: "link/f.txt", kind: "unavailable", code: "ERR_SYMLINK_IN_PATH" },
    ]);
    const lines = msg.split("\n");
    expect(lines.slice(4)).toEqual([
      "overwrite logo.png (binary, 2048 bytes)",
      "overwrite big.log (5000000 bytes, too large to diff)",
      "overwrite link/f.txt (no diff: ERR_SYMLINK_IN_PATH)",
      LAST,
    ]);
  });

  test("25 files → 20 op lines and `… and 5 more`; the excerpt still covers every file's lines", () => {
    const changes = many(25, (i) => text("create", `f${String(i).padStart(2, "0")}.txt`, [`line ${i}`]));
    const lines = confirmationMessage("/r", D, changes).split("\n");
    expect(lines.filter((l) => / \(\+\d+ −\d+\)$/.test(l))).toHaveLength(MAX_OP_LINES);
    expect(lines).toContain("… and 5 more");
    // 25 files × (=== line, @@ line, one + line) = 75 excerpt lines; 60 shown.
    expect(lines).toContain(`… ${75 - EXCERPT_MAX_LINES} more lines`);
  });
});

describe("diff excerpt", () => {
  test(`a 100-line create → the first ${EXCERPT_MAX_LINES} excerpt lines, then "… N more lines" with the exact rest`, () => {
    const added = many(100, (i) => `line ${i}`);
    const lines = confirmationMessage("/r", D, [text("create", "a.txt", added)]).split("\n");
    expect(lines[4]).toBe("create a.txt (+100 −0)");
    const start = lines.indexOf("diff:") + 1;
    const end = lines.findIndex((l) => l.startsWith("… ") && l.endsWith(" more lines"));
    expect(end - start).toBe(EXCERPT_MAX_LINES);
    expect(lines.slice(start, start + 3)).toEqual(["=== a.txt", "@@ -1,0 +1,100 @@", "+line 0"]);
    expect(lines[end - 1]).toBe(`+line ${EXCERPT_MAX_LINES - 3}`);
    // 1 header + 1 hunk line + 100 lines = 102 excerpt lines
    expect(lines[end]).toBe(`… ${102 - EXCERPT_MAX_LINES} more lines`);
    expect(lines.at(-1)).toBe(LAST);
  });

  test("an excerpt within the bound has no `more lines` line", () => {
    const msg = confirmationMessage("/r", D, [
      text(
        "create",
        "a.txt",
        many(10, (i) => `l${i}`),
      ),
    ]);
    expect(msg).not.toContain("more lines");
  });

  test("secret echo: a line the scanner flags is masked by pattern name, its neighbours stay", () => {
    const key = `AKIA${"ABCDEFGHIJKLMNOP"}`;
    const token = `ghp_${"a1".repeat(20)}`;
    const msg = confirmationMessage("/r", D, [
      text(
        "overwrite",
        "config.ts",
        [`const aws = "${key}";`, "const region = 'eu-west-1';"],
        [`const gh = "${token}";`],
      ),
    ]);
    expect(msg).not.toContain(key);
    expect(msg).not.toContain(token);
    expect(msg).toContain("+[line hidden: matches secret pattern awsKey]");
    expect(msg).toContain("-[line hidden: matches secret pattern githubToken]");
    expect(msg).toContain("+const region = 'eu-west-1';");
    expect(msg).toContain("overwrite config.ts (+2 −1)");
  });

  test("secret echo: a private key's body lines are never printed (the whole file's hunks are hidden)", () => {
    const body = "MIIEowIBAAKCAQEA7bq1exampleBodyLineThatTheScannerCannotSeeAlone";
    const msg = confirmationMessage("/r", D, [
      text("create", "id_rsa", ["-----BEGIN RSA PRIVATE KEY-----", body, "-----END RSA PRIVATE KEY-----"]),
      text("create", "b.txt", ["visible"]),
    ]);
    expect(msg).not.toContain(body);
    expect(msg).not.toContain("BEGIN RSA");
    expect(msg).toContain("=== id_rsa\n[diff hidden: matches secret pattern privateKey]\n=== b.txt");
    expect(msg).toContain("+visible");
  });

  test("a terminal escape in content is shown escaped (no ANSI reaches the client); a TAB stays", () => {
    const msg = confirmationMessage("/r", D, [
      text("create", "a.txt", ["\u001b[31mred\u001b[0m", "\tindented", "bidi\u202Eexe"]),
    ]);
    expect(msg).not.toContain("\u001b");
    expect(msg).not.toContain("\u202E");
    expect(msg).toContain("+\\u{001B}[31mred\\u{001B}[0m");
    expect(msg).toContain("+\tindented");
    expect(msg).toContain("+bidi\\u{202E}exe");
  });

  test(`a line longer than ${EXCERPT_LINE_MAX} characters is clipped with "…", never inside an escape`, () => {
    const long = `${"x".repeat(EXCERPT_LINE_MAX - 4)}\u0007${"y".repeat(50)}`;
    const line = confirmationMessage("/r", D, [text("create", "a.txt", [long])])
      .split("\n")
      .find((l) => l.startsWith("+x"));
    expect(line).toBe(`+${"x".repeat(EXCERPT_LINE_MAX - 4)}…`);
    expect([...(line ?? "")].length).toBeLessThanOrEqual(EXCERPT_LINE_MAX);
  });
});

describe(`total cap (${MESSAGE_MAX_BYTES} bytes)`, () => {
  test("60 long multi-byte lines → the excerpt stops at the cap, counts the rest, digest12 stays last", () => {
    const added = many(200, () => "€".repeat(150));
    const msg = confirmationMessage("/r", D, [text("create", "euro.txt", added)]);
    expect(bytes(msg)).toBeLessThanOrEqual(MESSAGE_MAX_BYTES);
    const lines = msg.split("\n");
    expect(lines.at(-1)).toBe(LAST);
    const shown = lines.slice(lines.indexOf("diff:") + 1, -2).length;
    expect(shown).toBeLessThan(EXCERPT_MAX_LINES);
    expect(lines.at(-2)).toBe(`… ${202 - shown} more lines`);
  });

  test("20 paths of 1000 characters (4-byte ones) → paths clipped in the middle, fewer op lines under the cap, the rest counted", () => {
    const changes = many(20, (i) =>
      text("create", `${"d".repeat(500)}/${String(i).padStart(2, "0")}${"𝒳".repeat(490)}.ts`, ["x"]),
    );
    const msg = confirmationMessage("/r", D, changes);
    expect(bytes(msg)).toBeLessThanOrEqual(MESSAGE_MAX_BYTES);
    const lines = msg.split("\n");
    const ops = lines.filter((l) => l.startsWith("create "));
    for (const l of ops) expect(l).toMatch(/^create d+…𝒳+\.ts \(\+1 −0\)$/u);
    expect(ops.length).toBeGreaterThan(0);
    expect(ops.length).toBeLessThan(20);
    const rest = lines.find((l) => l.startsWith("… and "));
    expect(rest).toBe(`… and ${20 - ops.length} more`);
    expect(lines.at(-1)).toBe(LAST);
  });
});
