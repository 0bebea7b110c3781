// A local TUF repository holding the test `trusted_root.json` (root / timestamp / snapshot / targets,
// one Ed25519 key per role, consistent_snapshot false) as tuf-js 4.x reads it: metadata signed over
// OLPC canonical JSON, Ed25519 keys as hex, signatures as hex. Served by the mock server under
// /tuf, or written straight into a tuf-js cache directory for offline (forceCache) use.
import { createHash, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** OLPC canonical JSON (@tufjs/canonical-json): sorted keys, only `"` and `\` escaped, integers only. */
export function olpcCanonical(value: unknown): string {
  if (typeof value === "string") return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  if (typeof value === "boolean" || value === null || Number.isInteger(value)) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(olpcCanonical).join(",")}]`;
  if (typeof value === "object") {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${olpcCanonical(k)}:${olpcCanonical(o[k])}`)
      .join(",")}}`;
  }
  throw new TypeError(`cannot canonicalize ${typeof value}`);
}

interface RoleKey {
  keyid: string;
  priv: KeyObject;
  json: { keytype: "ed25519"; scheme: "ed25519"; keyval: { public: string } };
}

function roleKey(): RoleKey {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const raw = publicKey.export({ type: "spki", format: "der" }).subarray(-32);
  const json = { keytype: "ed25519" as const, scheme: "ed25519" as const, keyval: { public: raw.toString("hex") } };
  return { keyid: createHash("sha256").update(olpcCanonical(json)).digest("hex"), priv: privateKey, json };
}

function signed(signedPart: Record<string, unknown>, key: RoleKey): string {
  const sig = sign(null, Buffer.from(olpcCanonical(signedPart), "utf8"), key.priv).toString("hex");
  return `${JSON.stringify({ signatures: [{ keyid: key.keyid, sig }], signed: signedPart }, null, 2)}\n`;
}

const SPEC_VERSION = "1.0.31";

export interface TufRepo {
  /** File name (as served under the mirror URL) → bytes. `targets/trusted_root.json` included. */
  files: Map<string, Buffer>;
  rootJson: Buffer;
}

/**
 * Builds the repository. `expires` applies to timestamp/snapshot/targets (root always far ahead):
 * pass a past date to model an expired cache.
 */
export function buildTufRepo(trustedRoot: unknown, opts: { expires?: Date } = {}): TufRepo {
  const far = new Date(Date.now() + 365 * 86400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
  const expires = opts.expires ? opts.expires.toISOString().replace(/\.\d{3}Z$/, "Z") : far;
  const keys = { root: roleKey(), timestamp: roleKey(), snapshot: roleKey(), targets: roleKey() };
  const root = {
    _type: "root",
    spec_version: SPEC_VERSION,
    version: 1,
    expires: far,
    keys: Object.fromEntries(Object.values(keys).map((k) => [k.keyid, k.json])),
    roles: Object.fromEntries(Object.entries(keys).map(([role, k]) => [role, { keyids: [k.keyid], threshold: 1 }])),
    consistent_snapshot: false,
  };
  const target = Buffer.from(`${JSON.stringify(trustedRoot, null, 2)}\n`, "utf8");
  const targets = {
    _type: "targets",
    spec_version: SPEC_VERSION,
    version: 1,
    expires,
    targets: {
      "trusted_root.json": {
        length: target.length,
        hashes: { sha256: createHash("sha256").update(target).digest("hex") },
      },
    },
  };
  const targetsJson = Buffer.from(signed(targets, keys.targets));
  const snapshot = {
    _type: "snapshot",
    spec_version: SPEC_VERSION,
    version: 1,
    expires,
    meta: { "targets.json": { version: 1 } },
  };
  const snapshotJson = Buffer.from(signed(snapshot, keys.snapshot));
  const timestamp = {
    _type: "timestamp",
    spec_version: SPEC_VERSION,
    version: 1,
    expires,
    meta: { "snapshot.json": { version: 1 } },
  };
  const rootJson = Buffer.from(signed(root, keys.root));
  const files = new Map<string, Buffer>([
    ["1.root.json", rootJson],
    ["timestamp.json", Buffer.from(signed(timestamp, keys.timestamp))],
    ["snapshot.json", snapshotJson],
    ["targets.json", targetsJson],
    ["targets/trusted_root.json", target],
  ]);
  return { files, rootJson };
}

/** The directory @sigstore/tuf 4.x uses for a mirror under `cachePath` (client.js: host + path). */
export function tufCacheDirFor(cachePath: string, mirrorURL: string): string {
  const url = new URL(mirrorURL);
  return join(cachePath, encodeURIComponent(url.host + url.pathname.replace(/\/$/, "")));
}

/** Pre-seeds a tuf-js cache so that `tufForceCache` (offline) finds everything locally. */
export async function seedTufCache(repo: TufRepo, cachePath: string, mirrorURL: string): Promise<string> {
  const dir = tufCacheDirFor(cachePath, mirrorURL);
  await mkdir(join(dir, "targets"), { recursive: true });
  await writeFile(join(dir, "root.json"), repo.rootJson);
  for (const name of ["timestamp.json", "snapshot.json", "targets.json", "targets/trusted_root.json"]) {
    await writeFile(join(dir, name), repo.files.get(name) as Buffer);
  }
  return dir;
}
