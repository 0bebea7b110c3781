// DNS-rebinding protection (mcp.md §11.5, threats.md T07): on loopback binds every request must
// carry an allowlisted Host, and an allowlisted Origin when it sends one. Compared lowercased.
import { hostForUrl } from "./spec";

/** The allowed `Host` values for a bound host and (resolved) port, lowercased. */
export function allowedHosts(host: string, port: number): string[] {
  const set = new Set(
    [`${hostForUrl(host)}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`].map((h) =>
      h.toLowerCase(),
    ),
  );
  return [...set];
}

export function allowedOrigins(hosts: readonly string[]): string[] {
  return hosts.map((h) => `http://${h}`);
}

/** True when Host (required) and Origin (optional; `null` fails) are in the allowlist. */
export function hostAndOriginAllowed(
  hostHeader: string | undefined,
  originHeader: string | undefined,
  hosts: readonly string[],
): boolean {
  if (hostHeader === undefined || !hosts.includes(hostHeader.toLowerCase())) return false;
  if (originHeader === undefined) return true;
  return hosts.some((h) => `http://${h}` === originHeader.toLowerCase());
}
