// mcp.md §8.4–§8.6 as pure logic: message and form, requestState mint/verify (injected clock),
// answer evaluation. The wire behaviour is in human-wire.test.ts and human-state.test.ts.
import type { FileChange } from "@codai/axiom-workflow";
import { describe, expect, test } from "vitest";
import { evaluateAnswer } from "../src/server/human/answer";
import { confirmationMessage, confirmationSchema, escapeForHuman } from "../src/server/human/message";
import { RequestStateStore, STATE_TTL_MS } from "../src/server/human/state";
import { supportsFormElicitation } from "../src/server/human/step";
import { errorOf } from "./mcp-helpers";

const D = `sha256:${"ab12cd34ef56".padEnd(64, "0")}`;
const D2 = `sha256:${"f".repeat(64)}`;
const bind = { manifestDigest: D, root: "/r", tool: "axiom_apply" };
/** A file whose diff has no hunks (an unchanged overwrite, an empty create). */
const noDiff = (op: FileChange["op"], path: string): FileChange => ({
  op,
  path,
  kind: "text",
  added: 0,
  removed: 0,
  lines: [],
});

describe("message (§8.4)", () => {
  test("25-artifact bundle → message has 20 op lines and `… and 5 more`", () => {
    const arts = Array.from({ length: 25 }, (_, i) => noDiff("create", `f${String(i).padStart(2, "0")}.txt`));
    const lines = confirmationMessage("/r", D, arts).split("\n");
    expect(lines.filter((l) => l.startsWith("create "))).toHaveLength(20);
    expect(lines).toContain("… and 5 more");
    expect(lines[2]).toBe("files: 25");
    expect(lines.at(-1)).toBe("Type these 12 characters into digest12: ab12cd34ef56");
  });

  test("30 writes and 1 delete that sorts last → the first op line is the delete; `… and 11 more` present", () => {
    const arts = [
      ...Array.from({ length: 30 }, (_, i) => noDiff("overwrite", `a${String(i).padStart(2, "0")}`)),
      noDiff("delete", "zz"),
    ];
    const lines = confirmationMessage("/r", D, arts).split("\n");
    expect(lines[4]).toBe("delete zz (+0 −0)");
    expect(lines).toContain("… and 11 more");
  });

  test("path docs/\\u202Etxt.exe → its op line shows docs/\\u{202E}txt.exe; root escaped too", () => {
    const msg = confirmationMessage("/r\u0007", D, [noDiff("create", "docs/\u202Etxt.exe")]);
    expect(msg).toContain("create docs/\\u{202E}txt.exe");
    expect(msg).toContain("root: /r\\u{0007}");
    expect(escapeForHuman("a\u2028b\u2029c\u{E0001}")).toBe("a\\u{2028}b\\u{2029}c\\u{E0001}");
  });

  test("form has exactly confirm (boolean) and digest12 (string, 12..12)", () => {
    expect(confirmationSchema()).toEqual({
      type: "object",
      properties: {
        confirm: { type: "boolean", title: "Apply this change set", default: false },
        digest12: {
          type: "string",
          title: "First 12 hex characters of the manifest digest",
          minLength: 12,
          maxLength: 12,
        },
      },
      required: ["confirm", "digest12"],
    });
  });

  test("capability: {} or form counts; {url: {}} alone does not", () => {
    expect(supportsFormElicitation({ elicitation: {} })).toBe(true);
    expect(supportsFormElicitation({ elicitation: { form: {} } })).toBe(true);
    expect(supportsFormElicitation({ elicitation: { url: {} } })).toBe(false);
    expect(supportsFormElicitation({})).toBe(false);
    expect(supportsFormElicitation(undefined)).toBe(false);
  });
});

describe("requestState (§8.5)", () => {
  test("wire form is v1. + 56 bytes base64url (75 base64url characters); a fresh state verifies once, then replayed", () => {
    const s = new RequestStateStore();
    const st = s.mint(bind);
    expect(st).toMatch(/^v1\.[A-Za-z0-9_-]{75}$/);
    expect(st).toHaveLength(78);
    expect(s.verify(st, bind)).toBeUndefined();
    expect(s.verify(st, bind)).toBe("replayed");
  });

  test("malformed, one flipped byte (bad-mac), other digest (bad-mac), other process (unknown)", () => {
    const s = new RequestStateStore();
    const st = s.mint(bind);
    expect(s.verify("v2.abc", bind)).toBe("malformed");
    expect(s.verify(`${st}A`, bind)).toBe("malformed");
    const raw = Buffer.from(st.slice(3), "base64url");
    raw[40] ^= 1;
    expect(s.verify(`v1.${raw.toString("base64url")}`, bind)).toBe("bad-mac");
    expect(s.verify(st, { ...bind, manifestDigest: D2 })).toBe("bad-mac");
    expect(new RequestStateStore().verify(st, bind)).toBe("bad-mac");
    // Same key, empty table: a restarted process with a leaked key still cannot use the state.
    const key = Buffer.alloc(32, 7);
    const a = new RequestStateStore({ key });
    expect(new RequestStateStore({ key }).verify(a.mint(bind), bind)).toBe("unknown");
  });

  test("state minted 15 min + 1 ms earlier (injected clock) → expired; 15 min exactly → accepted; future → expired", () => {
    let now = 1_000_000_000;
    const s = new RequestStateStore({ now: () => now });
    const late = s.mint(bind);
    const exact = s.mint(bind);
    const future = s.mint(bind);
    now += STATE_TTL_MS;
    expect(s.verify(exact, bind)).toBeUndefined();
    now += 1;
    expect(s.verify(late, bind)).toBe("expired");
    now -= STATE_TTL_MS + 60_001;
    expect(s.verify(future, bind)).toBe("expired");
  });

  test("bound to root and tool: other root or other tool with the same digest → binding (and consumed)", () => {
    const s = new RequestStateStore();
    const st = s.mint(bind);
    expect(s.verify(st, { ...bind, root: "/other" })).toBe("binding");
    expect(s.verify(st, bind)).toBe("replayed");
    const st2 = s.mint(bind);
    expect(s.verify(st2, { ...bind, tool: "axiom_write" })).toBe("binding");
  });

  test("1025 states minted, retry of the first → unknown (oldest evicted)", () => {
    const s = new RequestStateStore();
    const first = s.mint(bind);
    for (let i = 0; i < 1024; i++) s.mint(bind);
    expect(s.verify(first, bind)).toBe("unknown");
  });
});

describe("answer (§8.6)", () => {
  const ok = { action: "accept", content: { confirm: true, digest12: "ab12cd34ef56" } };
  test.each([
    [undefined, "ask-again"],
    [{ roots: [] }, "ask-again"],
    [ok, "accepted"],
    [{ action: "accept", content: { confirm: true, digest12: "\t AB12CD34EF56 \n" } }, "accepted"],
    [{ action: "accept", content: { confirm: true, digest12: "\u00a0ab12cd34ef56" } }, "mismatch"],
    [{ action: "accept", content: { confirm: false, digest12: "ab12cd34ef56" } }, "declined"],
    [{ action: "accept", content: { confirm: "true", digest12: "ab12cd34ef56" } }, "declined"],
    [{ action: "accept", content: { confirm: true, digest12: 123 } }, "mismatch"],
    [{ action: "accept", content: { confirm: true } }, "mismatch"],
    [{ action: "accept" }, "mismatch"],
    [{ action: "decline" }, "declined"],
    [{ action: "cancel" }, "cancelled"],
    [{ action: "other" }, "cancelled"],
  ])("%j → %s", (r, want) => {
    expect(evaluateAnswer(r, D)).toBe(want);
  });
});

describe("capability sources (§8.3)", () => {
  test("CreateServerOptions.requireHuman: true in-process, client without elicitation → {reason: elicitation-unsupported, manifestDigest}, nothing written", async () => {
    const { mkdtemp, realpath, rm, readdir } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { inProcess } = await import("./mcp-inproc");
    const dir = await realpath(await mkdtemp(join(tmpdir(), "axiom-hunit-")));
    try {
      const h = inProcess([dir], { requireHuman: true });
      const files = [{ path: "a.txt", content: "x" }];
      const preview = await h.call("axiom_write", { root: dir, files });
      const digest = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
      const r = await h.call("axiom_write", { root: dir, files, confirmDigest: digest });
      expect(r.isError).toBe(true);
      expect(errorOf(r).details).toEqual({
        reason: "elicitation-unsupported",
        manifestDigest: digest,
      });
      expect(await readdir(dir)).toEqual([".axiom"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("a stateless 2025 instance that never saw initialize reports no capability", async () => {
    const { clientCapabilitiesOf } = await import("../src/server/adapter");
    const { createServer } = await import("../src/server/server");
    const server = createServer({ roots: new Set(["/"]), platform: process.platform } as never);
    const caps = clientCapabilitiesOf(server, { mcpReq: { _meta: {} } } as never, "legacy");
    expect(supportsFormElicitation(caps)).toBe(false);
  });
});
