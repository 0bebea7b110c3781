// A mock Rekor v1 log for `dsse` 0.0.1 entries: an in-memory RFC 6962 Merkle tree, a signed entry
// timestamp (SET) over the entry, and an inclusion proof with a checkpoint (signed note) signed by
// the test log key — what @sigstore/verify 3.x checks in tlog/set.js, tlog/checkpoint.js,
// tlog/merkle.js and tlog/dsse.js.
import { createHash, createPublicKey, type KeyObject, sign, verify, X509Certificate } from "node:crypto";
import { canonicalBytes } from "@codai/axiom-canon";
import { logIdOf } from "./x509";

const sha256 = (...parts: Uint8Array[]): Buffer => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p);
  return h.digest();
};
const leafHash = (leaf: Uint8Array): Buffer => sha256(Buffer.from([0x00]), leaf);
const nodeHash = (l: Buffer, r: Buffer): Buffer => sha256(Buffer.from([0x01]), l, r);

function largestPow2Below(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** RFC 6962 §2.1 MTH over leaf hashes. */
function root(hashes: Buffer[]): Buffer {
  if (hashes.length === 1) return hashes[0] as Buffer;
  const k = largestPow2Below(hashes.length);
  return nodeHash(root(hashes.slice(0, k)), root(hashes.slice(k)));
}

/** RFC 6962 §2.1.1 PATH(m, D[n]), bottom-up. */
function path(m: number, hashes: Buffer[]): Buffer[] {
  if (hashes.length <= 1) return [];
  const k = largestPow2Below(hashes.length);
  return m < k
    ? [...path(m, hashes.slice(0, k)), root(hashes.slice(k))]
    : [...path(m - k, hashes.slice(k)), root(hashes.slice(0, k))];
}

/** DSSE PAE (v1). */
export function pae(payloadType: string, payload: Uint8Array): Buffer {
  const t = Buffer.from(payloadType, "utf8");
  return Buffer.concat([
    Buffer.from(`DSSEv1 ${t.length} `, "utf8"),
    t,
    Buffer.from(` ${payload.length} `, "utf8"),
    Buffer.from(payload),
  ]);
}

export class RekorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface ProposedDsse {
  apiVersion?: string;
  kind?: string;
  spec?: { proposedContent?: { envelope?: string; verifiers?: string[] } };
}

export class MockRekorLog {
  private readonly leaves: Buffer[] = [];
  readonly logId: Buffer;

  constructor(
    private readonly key: KeyObject,
    /** Checkpoint origin host (must be matched by the trusted root's tlog baseUrl). */
    private readonly name: string,
    private readonly treeId = "4242",
  ) {
    this.logId = logIdOf(key);
  }

  /** POST /api/v1/log/entries: checks the DSSE signature against the verifier certificate like Rekor. */
  add(proposed: unknown, now = new Date()): Record<string, unknown> {
    const p = proposed as ProposedDsse;
    if (p.kind !== "dsse" || p.apiVersion !== "0.0.1") throw new RekorError(400, "only dsse 0.0.1 entries");
    const envText = p.spec?.proposedContent?.envelope;
    const verifierB64 = p.spec?.proposedContent?.verifiers?.[0];
    if (typeof envText !== "string" || typeof verifierB64 !== "string") throw new RekorError(400, "bad dsse entry");
    const env = JSON.parse(envText) as { payload: string; payloadType: string; signatures: { sig: string }[] };
    const sig = env.signatures?.[0]?.sig;
    if (env.signatures?.length !== 1 || typeof sig !== "string") throw new RekorError(400, "one signature expected");
    const verifierPem = Buffer.from(verifierB64, "base64").toString("utf8");
    const pub = verifierPem.includes("CERTIFICATE")
      ? new X509Certificate(verifierPem).publicKey
      : createPublicKey(verifierPem);
    const payload = Buffer.from(env.payload, "base64");
    if (!verify("sha256", pae(env.payloadType, payload), pub, Buffer.from(sig, "base64"))) {
      throw new RekorError(400, "signature does not verify against the verifier");
    }
    const body = canonicalBytes({
      apiVersion: "0.0.1",
      kind: "dsse",
      spec: {
        envelopeHash: { algorithm: "sha256", value: sha256(Buffer.from(envText, "utf8")).toString("hex") },
        payloadHash: { algorithm: "sha256", value: sha256(payload).toString("hex") },
        signatures: [{ signature: sig, verifier: verifierB64 }],
      },
    });
    const leaf = leafHash(body);
    this.leaves.push(leaf);
    const logIndex = this.leaves.length - 1;
    const treeSize = this.leaves.length;
    const rootHash = root(this.leaves);
    const integratedTime = Math.floor(now.getTime() / 1000);
    const bodyB64 = Buffer.from(body).toString("base64");
    const logID = this.logId.toString("hex");
    const set = sign("sha256", canonicalBytes({ body: bodyB64, integratedTime, logIndex, logID }), this.key);
    return {
      [leaf.toString("hex")]: {
        body: bodyB64,
        integratedTime,
        logID,
        logIndex,
        verification: {
          signedEntryTimestamp: set.toString("base64"),
          inclusionProof: {
            logIndex,
            treeSize,
            rootHash: rootHash.toString("hex"),
            hashes: path(logIndex, this.leaves).map((h) => h.toString("hex")),
            checkpoint: this.checkpoint(treeSize, rootHash),
          },
        },
      },
    };
  }

  /** A signed note (transparency-dev checkpoint): body, blank line, `— <name> base64(keyHint ‖ sig)`. */
  private checkpoint(size: number, rootHash: Buffer): string {
    const note = `${this.name} - ${this.treeId}\n${size}\n${rootHash.toString("base64")}\n`;
    const sig = sign("sha256", Buffer.from(note, "utf8"), this.key);
    const hint = this.logId.subarray(0, 4);
    return `${note}\n\u2014 ${this.name} ${Buffer.concat([hint, sig]).toString("base64")}\n`;
  }
}
