// The text forms of issue 21, in process: what a person reads for inputs a real run rarely makes
// (an agent's hostile intent, a 2000-character intent, a dry run with every op).
import type { ApplyResult } from "@codai/axiom-schema";
import { describe, expect, it } from "vitest";
import { renderApply } from "../src/cli/render/apply";
import { renderLogLine } from "../src/cli/render/log";
import { makeStyle } from "../src/cli/render/style";
import { bytes, count, printable, shellArg } from "../src/cli/render/words";

const D = `sha256:${"ab".repeat(32)}`;
const plain = makeStyle(false);
const entry = (over: Record<string, unknown> = {}) => ({
  seq: 7,
  manifestDigest: D,
  state: "committed" as const,
  at: new Date(0).toISOString(),
  prev: D,
  files: 2,
  journalPresent: true,
  ...over,
});

describe("terminal escape injection through an agent's text", () => {
  it("an intent carrying ESC sequences (clear screen, fake colour) is shown escaped in the log line, never raw", () => {
    const line = renderLogLine(entry(), { about: { intent: "ok\u001b[2J\u0007\r\u202etxt" } }, plain, Date.now());
    // biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence is the point
    expect(line).not.toMatch(/[\u0000-\u001f\u007f\u202e]/);
    expect(line).toContain("ok\\u{1b}[2J\\u{7}\\u{d}\\u{202e}txt");
  });

  it("printable leaves ordinary text (accents, emoji, tabs escaped) as a person wrote it", () => {
    expect(printable("café 🚀")).toBe("café 🚀");
    expect(printable("a\tb")).toBe("a\\u{9}b");
  });
});

describe("log line width", () => {
  it("a 2000-character intent is cut so the line stays within 100 columns, ending with the count and origin", () => {
    const line = renderLogLine(
      entry(),
      { about: { intent: "x".repeat(2000), origin: { surface: "mcp", tool: "axiom_write" } } },
      plain,
      Date.now(),
    );
    expect(line.length).toBeLessThanOrEqual(100);
    expect(line.endsWith("… (2 files) mcp:write")).toBe(true);
  });

  it("one file is `1 file`, never `1 files`", () => {
    expect(count(1, "file")).toBe("1 file");
    expect(count(2, "file")).toBe("2 files");
    expect(renderLogLine(entry({ files: 1 }), { about: {} }, plain, Date.now())).toContain("(1 file) ?");
  });
});

describe("dry run text", () => {
  it("every op counted in create, overwrite, delete order, files `planned`, and the confirm command quoted for a shell", () => {
    const result: ApplyResult = {
      apiVersion: "axiom.dev/v2",
      kind: "ApplyResult",
      manifestDigest: D,
      mode: "dry-run",
      status: "applied",
      root: "/r",
      files: [
        { path: "gone.txt", op: "delete", status: "deleted" },
        { path: "a.txt", op: "create", status: "written" },
        { path: "b.txt", op: "overwrite", status: "written" },
      ],
      diff: "",
    };
    const text = renderApply(result, { bundleArg: "my bundle.json", rootArg: ".", name: "n", style: plain });
    expect(text).toContain("DRY RUN: 1 create, 1 overwrite, 1 delete — nothing written\n");
    expect(text).toContain("  planned   delete    gone.txt\n");
    expect(text).not.toMatch(/ {2}(written|deleted) /);
    expect(text).toContain(`  axiom apply 'my bundle.json' --root . --confirm ${"ab".repeat(6)}\n`);
  });

  it("shellArg quotes what a shell would split or comment out", () => {
    expect(shellArg("#2")).toBe("'#2'");
    expect(shellArg("it's")).toBe("'it'\\''s'");
    expect(shellArg("bundle.json")).toBe("bundle.json");
  });

  it("sizes are in human units", () => {
    expect(bytes(512)).toBe("512 B");
    expect(bytes(1536)).toBe("1.5 KiB");
    expect(bytes(3 * 1024 * 1024)).toBe("3.0 MiB");
  });
});
