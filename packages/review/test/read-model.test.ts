// The review read model's pure parts: the commands the page shows instead of running them. (The
// chain index the timeline pages through, with its rollback relations, is the workflow's:
// packages/workflow/test/chain-index.test.ts.)
import { describe, expect, it } from "vitest";
import { shellQuote } from "../src/model/commands";
import { openerArgv } from "../src/open-browser";

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
