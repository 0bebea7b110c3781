// Signing key files and key material for the operator verbs (signing.md §3.1, §3.2 steps 4–5).
// Key material is never echoed, logged, written anywhere but the keygen file, or put in an error:
// every failure below names the source (file, variable), never its content.
// The MCP server never imports this module's key readers (signing.md §0).

import type { KeyObject } from "node:crypto";
import { chmod, mkdir, open, readFile } from "node:fs/promises";
import { resolve } from "node:path";
import {
  CanonKeyError,
  type Ed25519KeyPair,
  generateEd25519,
  keyPairOf,
  parsePrivateKeyMaterial,
  pkcs8Der,
} from "@codai/axiom-canon";
import { axiomError } from "@codai/axiom-schema";

export const SIGNING_KEY_ENV = "AXIOM_SIGNING_KEY";

export interface PublicEntry {
  keyid: string;
  alg: "ed25519";
  publicKey: string;
  name?: string;
}

export function publicEntryOf(pair: Ed25519KeyPair, name?: string): PublicEntry {
  const entry: PublicEntry = {
    keyid: pair.keyid,
    alg: "ed25519",
    publicKey: Buffer.from(pair.publicRaw).toString("base64"),
  };
  if (name !== undefined) entry.name = name;
  return entry;
}

/** `axiom-signing-<first 16 hex of keyid>.key` (signing.md §3.1). */
export function keyFileName(keyid: string): string {
  return `axiom-signing-${keyid.slice(0, 16)}.key`;
}

export interface KeygenResult {
  publicEntry: PublicEntry;
  privateKeyFile: string;
}

/**
 * Generates a key and writes `<dir>/axiom-signing-<16 hex>.key` = base64 PKCS#8 DER + LF, mode 0600,
 * exclusive create (an existing file → ERR_EXISTS, nothing written). `generate` is the test seam
 * the spec names ("key generator stubbed to a fixed key").
 */
export async function keygenToDir(
  dir: string,
  opts: { name?: string; generate?: () => KeyObject } = {},
): Promise<KeygenResult> {
  const pair = opts.generate ? keyPairOf(opts.generate()) : generateEd25519();
  try {
    await mkdir(dir, { recursive: true });
  } catch (err) {
    throw axiomError("ERR_INTERNAL", {
      message: `cannot create ${dir} (${(err as NodeJS.ErrnoException).code ?? "error"})`,
    });
  }
  const file = resolve(dir, keyFileName(pair.keyid));
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") {
      throw axiomError("ERR_EXISTS", { message: "key file already exists", path: file });
    }
    throw axiomError("ERR_INTERNAL", {
      message: `cannot create key file (${(err as NodeJS.ErrnoException).code ?? "error"})`,
    });
  }
  try {
    await handle.writeFile(`${Buffer.from(pkcs8Der(pair.privateKey)).toString("base64")}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  // The umask cannot widen 0600, but a pre-set ACL might: enforce it (best effort on Windows).
  await chmod(file, 0o600).catch(() => undefined);
  return { publicEntry: publicEntryOf(pair, opts.name), privateKeyFile: file };
}

/**
 * Key material for `sign` (§3.2 step 4): `--key-file` (resolved from the cwd) wins, else the env
 * variable. Missing file, unset or blank material → ERR_NOT_FOUND.
 */
export async function readSigningKeyMaterial(opts: {
  keyFile?: string;
  cwd: string;
  env: Record<string, string | undefined>;
}): Promise<{ material: string; source: "file" | "env" }> {
  if (opts.keyFile !== undefined) {
    let text: string;
    try {
      text = await readFile(resolve(opts.cwd, opts.keyFile), "utf8");
    } catch (err) {
      throw axiomError("ERR_NOT_FOUND", {
        message: `cannot read key file (${(err as NodeJS.ErrnoException).code ?? "unreadable"})`,
        details: { file: opts.keyFile },
      });
    }
    if (text.trim() === "")
      throw axiomError("ERR_NOT_FOUND", { message: "key file is empty", details: { file: opts.keyFile } });
    return { material: text, source: "file" };
  }
  const value = opts.env[SIGNING_KEY_ENV];
  if (value === undefined || value.trim() === "") {
    throw axiomError("ERR_NOT_FOUND", { message: `no signing key: pass --key-file or set ${SIGNING_KEY_ENV}` });
  }
  return { material: value, source: "env" };
}

/** Parses key material into an Ed25519 private key; anything else → ERR_SIGNATURE_INVALID (no content echoed). */
export function signingKeyFrom(material: string, source: "file" | "env"): KeyObject {
  try {
    return parsePrivateKeyMaterial(material);
  } catch (err) {
    const what = source === "file" ? "key file" : SIGNING_KEY_ENV;
    const reason = err instanceof CanonKeyError ? err.message : "unusable signing key material";
    throw axiomError("ERR_SIGNATURE_INVALID", { message: `${what}: ${reason}` });
  }
}

export async function loadSigningKey(opts: {
  keyFile?: string;
  cwd: string;
  env: Record<string, string | undefined>;
}): Promise<KeyObject> {
  const { material, source } = await readSigningKeyMaterial(opts);
  return signingKeyFrom(material, source);
}
