// The root's trust store `.axiom/trust/keys.json` (signing.md §2.2): its one reader and its one
// writer (the `trust` verbs), and the signature block of both verify surfaces (§6), which is why it
// lives here and not in the mcp package: `axiom verify --root` and axiom_manifest_verify call the
// same verifyBundle. Reading is capped at 256 KiB; any unreadable, non-UTF-8, non-JSON or invalid
// store is ERR_INVALID_PROFILE with `details.issues` (≤ 10) on this layer (the predicate has its own
// mapping).
import { open, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseTrustStore, type SignaturesBlock, signaturesBlock, trustedKeyProblem } from "@codai/axiom-checks";
import {
  axiomError,
  type FullIssue,
  TRUST_STORE_MAX_BYTES,
  type TrustedKey,
  type TrustStore,
} from "@codai/axiom-schema";
import { mkdirp } from "@codai/axiom-store";
import { AXIOM_REL, layout } from "@codai/axiom-store/layout";

const MAX_TRUST_ISSUES = 10;
const TRUST_FILE = AXIOM_REL.trustKeys;

function trustFilePath(root: string): string {
  return join(root, ...TRUST_FILE.split("/"));
}

function invalidStore(issues: readonly FullIssue[]): never {
  throw axiomError("ERR_INVALID_PROFILE", {
    message: `invalid trust store ${TRUST_FILE}`,
    path: TRUST_FILE,
    details: {
      issues: issues
        .slice(0, MAX_TRUST_ISSUES)
        .map(({ path, message, code }) => (code ? { path, message, code } : { path, message })),
    },
  });
}

/** Reads at most cap + 1 bytes; undefined when the file does not exist. */
async function readCapped(file: string, cap: number): Promise<Uint8Array | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    return invalidStore([
      { path: "", message: `trust store unreadable (${(err as NodeJS.ErrnoException).code ?? "error"})` },
    ]);
  }
  try {
    const buf = Buffer.alloc(cap + 1);
    let total = 0;
    while (total < buf.length) {
      const { bytesRead } = await handle.read(buf, total, buf.length - total, null);
      if (bytesRead === 0) break;
      total += bytesRead;
    }
    return new Uint8Array(buf.subarray(0, total));
  } catch (err) {
    return invalidStore([
      { path: "", message: `trust store unreadable (${(err as NodeJS.ErrnoException).code ?? "error"})` },
    ]);
  } finally {
    await handle.close();
  }
}

/** The root's store, or null when `.axiom/trust/keys.json` does not exist; invalid → ERR_INVALID_PROFILE. */
export async function readTrustStore(root: string): Promise<TrustStore | null> {
  const bytes = await readCapped(trustFilePath(root), TRUST_STORE_MAX_BYTES);
  if (bytes === undefined) return null;
  const parsed = parseTrustStore(bytes);
  if (!parsed.ok) return invalidStore(parsed.issues);
  return parsed.store;
}

/** Fixed member order so the file reads the same whoever wrote it. */
function normalizeKey(key: TrustedKey): TrustedKey {
  const out: TrustedKey = { keyid: key.keyid, alg: key.alg, publicKey: key.publicKey };
  if (key.name !== undefined) out.name = key.name;
  if (key.notBefore !== undefined) out.notBefore = key.notBefore;
  return out;
}

function normalizeStore(store: TrustStore): TrustStore {
  const keys = store.keys.map(normalizeKey).sort((a, b) => (a.keyid < b.keyid ? -1 : a.keyid > b.keyid ? 1 : 0));
  const out: TrustStore = { version: 1, keys };
  if (store.minCounter !== undefined) out.minCounter = store.minCounter;
  if (store.rootId !== undefined) out.rootId = store.rootId;
  return out;
}

/** Writer of the `trust` verbs: mkdir -p, pretty JSON + LF, `<file>.tmp-<pid>` then rename, keys sorted. */
export async function writeTrustStore(root: string, store: TrustStore): Promise<void> {
  const file = trustFilePath(root);
  const tmp = `${file}.tmp-${process.pid}`;
  try {
    // The store's mkdir -p: a new `.axiom/` gets its .gitignore (issue 21).
    await mkdirp(layout.trustDir(root));
    await writeFile(tmp, `${JSON.stringify(normalizeStore(store), null, 2)}\n`);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw axiomError("ERR_INTERNAL", {
      message: `cannot write ${TRUST_FILE} (${(err as NodeJS.ErrnoException).code ?? "error"})`,
    });
  }
}

/**
 * formats.md §10.1 step 6 / signing.md §6 for `axiom verify --root` and `axiom_manifest_verify`:
 * null when the root has no trust store (CLI prints `signatures: null` + note, MCP omits the field),
 * else the `signatures` block; an invalid store throws ERR_INVALID_PROFILE. Call it only after the
 * structural verify passed, with the schema-parsed bundle.
 */
export async function verifyRootSignatures(
  bundle: Parameters<typeof signaturesBlock>[0],
  root: string,
): Promise<SignaturesBlock | null> {
  const store = await readTrustStore(root);
  if (store === null) return null;
  return signaturesBlock(bundle, store, TRUST_FILE);
}

export type { SignaturesBlock };

/** signing.md §2.2: a TrustedKey's material is usable and its keyid is its sha256 (the `trust add` check). */
export { trustedKeyProblem };
