// Network policy for `ref` sources (sources.md §2.3–§2.6): offline by default, https (and file:
// only when allowed), no credentials, an optional host allowlist; URIs are always redacted.
import { fileURLToPath } from "node:url";

export interface NetPolicy {
  allowNet?: boolean;
  allowlist?: string[];
  allowFile?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export const NET_MAX_BYTES = 33_554_432;
export const NET_TIMEOUT_MS = 30_000;

/** `https:` → origin + pathname; `file:` → `file://` + pathname; unparsable → `<invalid uri>`. */
export function redactUri(uri: string): string {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "<invalid uri>";
  }
  if (url.protocol === "file:") return `file://${url.pathname}`;
  return `${url.origin}${url.pathname}`;
}

/** URL host incl. port; undefined when unparsable. */
export function uriHost(uri: string): string | undefined {
  try {
    return new URL(uri).host;
  } catch {
    return undefined;
  }
}

/** Hostname allowlist match (sources.md §2.4): exact, or `*.suffix` for proper subdomains. */
export function hostAllowed(hostname: string, allowlist: readonly string[] | undefined): boolean {
  if (allowlist === undefined) return true;
  const host = hostname.toLowerCase();
  for (const raw of allowlist) {
    const entry = raw.trim().toLowerCase();
    if (entry === "") continue;
    if (entry.startsWith("*.")) {
      if (host.endsWith(entry.slice(1)) && host.length > entry.length - 1) return true;
    } else if (host === entry) return true;
  }
  return false;
}

export type PolicyDenial = { protocol?: string; allowlist?: string[] };

/** The first §2.4 condition `uri` fails, or undefined when it may be fetched. */
export function policyDenial(uri: string, policy: NetPolicy): PolicyDenial | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return {};
  }
  if (url.protocol === "file:") {
    if (!policy.allowFile) return { protocol: "file:" };
    try {
      fileURLToPath(url);
    } catch {
      return { protocol: "file:" };
    }
    if (url.hostname !== "" && url.hostname !== "localhost") return { protocol: "file:" };
    return undefined;
  }
  if (url.protocol !== "https:") return { protocol: url.protocol };
  if (url.username !== "" || url.password !== "") return {};
  if (!hostAllowed(url.hostname, policy.allowlist)) return { allowlist: [...(policy.allowlist ?? [])] };
  return undefined;
}
