// `--http <spec>` parsing and the loopback test (mcp.md §11.2). Pure: no I/O.
import { isIP } from "node:net";
import { axiomError } from "@codai/axiom-schema";

export interface HttpAddress {
  /** Host without brackets (an IPv6 literal is bare here). */
  host: string;
  port: number;
}

function badSpec(spec: string): Error {
  return axiomError("ERR_INTERNAL", {
    message: `--http expects <host:port> or <port>, got "${spec}"`,
    details: { spec },
  });
}

export const DEFAULT_HTTP_HOST = "127.0.0.1";

/** `host:port`, `:port`, `port`, `[v6]:port`; port `^\d{1,5}$` ≤ 65535, 0 = OS-chosen. */
export function parseHttpSpec(raw: string): HttpAddress {
  const spec = raw.trim();
  let host: string;
  let portText: string;
  if (spec.startsWith("[")) {
    const close = spec.indexOf("]");
    if (close < 0 || spec[close + 1] !== ":") throw badSpec(raw);
    host = spec.slice(1, close);
    portText = spec.slice(close + 2);
    if (host === "") throw badSpec(raw);
  } else {
    const colon = spec.lastIndexOf(":");
    if (colon < 0) {
      host = DEFAULT_HTTP_HOST;
      portText = spec;
    } else {
      host = colon === 0 ? DEFAULT_HTTP_HOST : spec.slice(0, colon);
      portText = spec.slice(colon + 1);
    }
  }
  if (!/^\d{1,5}$/.test(portText)) throw badSpec(raw);
  const port = Number(portText);
  if (port > 65535) throw badSpec(raw);
  return { host, port };
}

/**
 * Loopback after removing brackets, judged on the parsed address, never on the spelling (a DNS name
 * such as `127.evil.example` is not loopback: it resolves wherever its owner wants, SEC-9): the
 * name `localhost`, an IPv4 literal in 127.0.0.0/8 (dotted quad only), `::1` in any IPv6 spelling,
 * or an IPv4-mapped `::ffff:127.x.y.z`.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost") return true;
  const family = isIP(h);
  if (family === 4) return h.startsWith("127.");
  if (family !== 6) return false;
  // The WHATWG URL parser prints an IPv6 literal in its canonical compressed form (IPv4-mapped
  // addresses as ::ffff:7f00:1).
  const canonical = new URL(`http://[${h}]/`).hostname.slice(1, -1);
  return canonical === "::1" || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(canonical);
}

/** `host` as it appears in a URL or Host header: IPv6 literals in brackets. */
export function hostForUrl(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}
