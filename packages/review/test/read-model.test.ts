// The review read model's pure parts: the chain index's rollback relations and the commands the
// page shows instead of running them.
import { describe, expect, it } from "vitest";
import { indexChain } from "../src/model/chain-index";
import { shellQuote } from "../src/model/commands";
import { openerArgv } from "../src/open-browser";

const D = (c: string) => `sha256:${c.repeat(64)}`;
const line = (seq: number, digest: string, state: string) =>
  `${JSON.stringify({ seq, manifestDigest: digest, state, at: "2026-01-01T00:00:00.000Z", prev: D("0"), files: 1 })}\n`;

describe("indexChain", () => {
  it("a rollback undoes the latest committed entry of its digest: apply A, apply B, roll back A, re-apply A, roll back A", () => {
    const text = [
      line(1, D("a"), "committed"),
      line(2, D("b"), "committed"),
      line(3, D("a"), "rolled-back"),
      line(4, D("a"), "committed"),
      line(5, D("a"), "rolled-back"),
    ].join("");
    const index = indexChain(text);
    expect(index.entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect([...index.undoneBy]).toEqual([0, 3, 0, 0, 5, 0]);
    expect([...index.undid]).toEqual([0, 0, 0, 1, 0, 4]);
  });

  it("a rollback with nothing committed before it (a failed apply rolled back) undoes nothing", () => {
    const index = indexChain(line(1, D("a"), "rolled-back"));
    expect([...index.undid]).toEqual([0, 0]);
  });

  it("stops at a torn last line, an unparseable line or a seq gap", () => {
    expect(indexChain(`${line(1, D("a"), "committed")}{"seq":2`).entries).toHaveLength(1);
    expect(indexChain(`${line(1, D("a"), "committed")}{torn\n${line(3, D("a"), "committed")}`).entries).toHaveLength(1);
    expect(indexChain(`${line(1, D("a"), "committed")}${line(3, D("b"), "committed")}`).entries).toHaveLength(1);
  });
});

describe("shown commands", () => {
  it("shellQuote leaves plain paths alone and single-quotes anything else, a quote included", () => {
    expect(shellQuote("/tmp/repo-1")).toBe("/tmp/repo-1");
    expect(shellQuote("/tmp/my repo")).toBe("'/tmp/my repo'");
    expect(shellQuote("/tmp/it's; rm -rf ~")).toBe(`'/tmp/it'\\''s; rm -rf ~'`);
  });

  it("--open passes the URL as one argv element to the platform opener (no shell)", () => {
    const url = "http://127.0.0.1:1/?t=a&b=$(x)";
    expect(openerArgv(url, "linux")).toEqual(["xdg-open", [url]]);
    expect(openerArgv(url, "darwin")).toEqual(["open", [url]]);
    expect(openerArgv(url, "win32")).toEqual(["rundll32", ["url.dll,FileProtocolHandler", url]]);
  });
});
