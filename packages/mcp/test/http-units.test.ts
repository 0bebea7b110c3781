// Pure rules of the HTTP transport: --http spec parsing and loopback (mcp.md §11.2), token rules and
// the constant-time compare (threats.md T08), the Host/Origin allowlist (§11.5), the session table.
import { AxiomError } from "@codai/axiom-schema";
import { describe, expect, test } from "vitest";
import { createLogger } from "../src/common/logging";
import { bearerMatches, resolveToken, tokensEqual } from "../src/transports/http/auth";
import { allowedHosts, hostAndOriginAllowed } from "../src/transports/http/host-guard";
import { type SessionEntry, SessionTable } from "../src/transports/http/legacy-sessions";
import {
  connectionsCheckingInterval,
  HTTP_HEADERS_TIMEOUT_MS,
  HTTP_REQUEST_TIMEOUT_MS,
} from "../src/transports/http/serve";
import { isLoopbackHost, parseHttpSpec } from "../src/transports/http/spec";

function internal(fn: () => unknown): { message: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AxiomError);
    expect((e as AxiomError).code).toBe("ERR_INTERNAL");
    return e as { message: string };
  }
  throw new Error("expected ERR_INTERNAL");
}

describe("--http spec (mcp.md §11.2)", () => {
  test("host:port, :port, port, [v6]:port; whitespace trimmed; 0 = OS-chosen", () => {
    expect(parseHttpSpec("127.0.0.1:0")).toEqual({ host: "127.0.0.1", port: 0 });
    expect(parseHttpSpec(" :8080 ")).toEqual({ host: "127.0.0.1", port: 8080 });
    expect(parseHttpSpec("9000")).toEqual({ host: "127.0.0.1", port: 9000 });
    expect(parseHttpSpec("[::1]:0")).toEqual({ host: "::1", port: 0 });
    expect(parseHttpSpec("0.0.0.0:65535")).toEqual({ host: "0.0.0.0", port: 65535 });
    expect(parseHttpSpec("localhost:1")).toEqual({ host: "localhost", port: 1 });
  });

  test('bad specs → ERR_INTERNAL `--http expects <host:port> or <port>, got "<spec>"`', () => {
    for (const bad of [
      "70000",
      "localhost",
      "[::1]0",
      "[::1]",
      "host:",
      "host:123456",
      "host:-1",
      "[]:80",
      "1.2.3.4:8a",
    ]) {
      expect(internal(() => parseHttpSpec(bad)).message).toBe(`--http expects <host:port> or <port>, got "${bad}"`);
    }
  });

  test("loopback: localhost, 127.*, ::1 and zero-padded forms, ::ffff:127.*; nothing else", () => {
    for (const h of [
      "localhost",
      "127.0.0.1",
      "127.1.2.3",
      "::1",
      "[::1]",
      "0:0:0:0:0:0:0:1",
      "0000::0001",
      "::FFFF:127.0.0.1",
    ])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ["0.0.0.0", "::", "10.0.0.1", "example.com", "::2", "::ffff:10.0.0.1", "128.0.0.1"])
      expect(isLoopbackHost(h), h).toBe(false);
  });

  test("attack: a DNS name spelled like a loopback address (127.evil.example, 127.0.0.1.nip.io, localhost.evil) is not loopback, so binding it needs a token", () => {
    for (const h of [
      "127.evil.example",
      "127.0.0.1.nip.io",
      "localhost.evil.example",
      "127.1",
      "127.0.0.1x",
      "::1.evil",
    ])
      expect(isLoopbackHost(h), h).toBe(false);
    expect(internal(() => resolveToken({}, "AXIOM_HTTP_TOKEN", "127.evil.example")).message).toMatch(
      /^refusing to bind 127\.evil\.example: a non-loopback --http host requires a bearer token/,
    );
    expect(isLoopbackHost("::ffff:7f00:1")).toBe(true);
  });
});

describe("token (mcp.md §11.2, threats.md T08)", () => {
  test("T08.1 a non-loopback host without a token → ERR_INTERNAL refusing to bind", () => {
    expect(internal(() => resolveToken({}, "AXIOM_HTTP_TOKEN", "0.0.0.0")).message).toMatch(
      /^refusing to bind 0\.0\.0\.0: a non-loopback --http host requires a bearer token/,
    );
    expect(resolveToken({}, "AXIOM_HTTP_TOKEN", "127.0.0.1")).toBeUndefined();
  });

  test("T08.2 a token shorter than 16 characters → ERR_INTERNAL, even on loopback; an empty variable = unset", () => {
    expect(internal(() => resolveToken({ T: "a".repeat(15) }, "T", "127.0.0.1")).message).toBe(
      "http bearer token must be at least 16 characters",
    );
    expect(resolveToken({ T: "" }, "T", "127.0.0.1")).toBeUndefined();
    expect(resolveToken({ T: "a".repeat(16) }, "T", "0.0.0.0")).toBe("a".repeat(16));
  });

  test("T08.6 the token compare with inputs of different lengths → false, no throw", () => {
    expect(tokensEqual("short", "a-much-longer-token-value")).toBe(false);
    expect(tokensEqual("", "x")).toBe(false);
    expect(tokensEqual("same-token-value", "same-token-value")).toBe(true);
  });

  test("Authorization must match ^Bearer\\s+(\\S+)\\s*$ (scheme case-insensitive)", () => {
    const t = "0123456789abcdef";
    expect(bearerMatches(`Bearer ${t}`, t)).toBe(true);
    expect(bearerMatches(`bearer ${t}  `, t)).toBe(true);
    expect(bearerMatches(`BEARER\t${t}`, t)).toBe(true);
    expect(bearerMatches(`Bearer ${t} extra`, t)).toBe(false);
    expect(bearerMatches(`Basic ${t}`, t)).toBe(false);
    expect(bearerMatches(undefined, t)).toBe(false);
    expect(bearerMatches(`Bearer ${t}x`, t)).toBe(false);
  });
});

describe("server settings (mcp.md §11.6)", () => {
  test("requestTimeout and headersTimeout default to 60 000 ms; the expiry check runs every quarter of the limit, at most 30 s", () => {
    expect(HTTP_REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(HTTP_HEADERS_TIMEOUT_MS).toBe(60_000);
    expect(connectionsCheckingInterval(60_000)).toBe(15_000);
    expect(connectionsCheckingInterval(1_000)).toBe(250);
    expect(connectionsCheckingInterval(600_000)).toBe(30_000);
    expect(connectionsCheckingInterval(2)).toBe(1);
  });
});

describe("Host/Origin allowlist (mcp.md §11.5)", () => {
  test("<host>:<port>, localhost, 127.0.0.1 and [::1] at the bound port; case-insensitive; Origin null fails", () => {
    const hosts = allowedHosts("::1", 4000);
    expect(hosts.sort()).toEqual(["127.0.0.1:4000", "[::1]:4000", "localhost:4000"]);
    expect(hostAndOriginAllowed("LOCALHOST:4000", undefined, hosts)).toBe(true);
    expect(hostAndOriginAllowed("localhost:4001", undefined, hosts)).toBe(false);
    expect(hostAndOriginAllowed(undefined, undefined, hosts)).toBe(false);
    expect(hostAndOriginAllowed("localhost:4000", "http://127.0.0.1:4000", hosts)).toBe(true);
    expect(hostAndOriginAllowed("localhost:4000", "null", hosts)).toBe(false);
    expect(hostAndOriginAllowed("localhost:4000", "https://localhost:4000", hosts)).toBe(false);
  });
});

describe("session table (mcp.md §11.4)", () => {
  function entry(id: string, lastSeen: number, inFlight = 0): SessionEntry & { closed: boolean } {
    const e = {
      id,
      lastSeen,
      inFlight,
      closed: false,
      handle: async () => new Response(null),
      close: async () => {
        e.closed = true;
      },
    };
    return e;
  }

  test("idle eviction after the window with an injected clock; a session with a request in flight is kept", () => {
    let now = 0;
    const lines: string[] = [];
    const table = new SessionTable({
      log: createLogger("info", (l) => lines.push(l)),
      now: () => now,
      idleMs: 1_800_000,
    });
    const a = entry("a", 0);
    const b = entry("b", 0, 1);
    table.add(a);
    table.add(b);
    now = 1_800_000;
    table.sweep();
    expect(table.size).toBe(2);
    now = 1_800_001;
    table.sweep();
    expect(table.size).toBe(1);
    expect(a.closed).toBe(true);
    expect(b.closed).toBe(false);
    expect(table.get("a")).toBeUndefined();
    expect(lines.some((l) => l.includes('"http session evicted (idle)"') && l.includes('"sessionId":"a"'))).toBe(true);
  });

  test("full: the least recently used idle session is evicted; all in flight → no room", () => {
    const table = new SessionTable({ log: createLogger("error"), max: 3 });
    const es = [entry("x", 30), entry("y", 10), entry("z", 20)];
    for (const e of es) table.add(e);
    expect(table.makeRoom()).toBe(true);
    expect(es[1]?.closed).toBe(true);
    table.add(entry("w", 40, 1));
    for (const e of es) e.inFlight = 1;
    expect(table.makeRoom()).toBe(false);
  });
});
