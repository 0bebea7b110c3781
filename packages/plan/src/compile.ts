// compilePlan (formats.md §3): Plan → ManifestBundle + compile Statement. The step order is the
// spec's and decides which error wins: validate → duplicates → resolve (authored order) → sort →
// planDigest → toolchain → preImage → body/manifestDigest → blobs → statement → bundle schema.
import { canonicalDigestRef, digestRef, type EncodedBlob, encodeBlob, sha256Hex } from "@codai/axiom-canon";
import { BUNDLE_INLINE_MAX } from "@codai/axiom-rules";
import {
  AxiomError,
  axiomError,
  compareUtf8,
  type EmitterRegistry,
  isAxiomError,
  type ManifestArtifact,
  type ManifestBody,
  type ManifestBundle,
  ManifestBundleSchema,
  type Plan,
  type PreImageEntry,
  parseOrThrow,
  type Statement,
} from "@codai/axiom-schema";
import { casPutAll } from "./cas";
import { computePlanDigest } from "./plan-digest";
import { readPreImage } from "./preimage";
import type { PreImageReader } from "./sources/context";
import type { NetPolicy } from "./sources/net-policy";
import { resolveSource } from "./sources/resolve";
import { buildStatement, type RunMetadata } from "./statement";
import { parsePlan } from "./validate";
import { FORMAT_VERSION } from "./version";

export interface CompileOptions {
  /** "inline" (default) or "cas"; cas takes effect only with a root. */
  store?: "inline" | "cas";
  /** realpath'd repo root: CAS for cas/ref sources and store "cas"; enables preImage. */
  root?: string;
  /** Caller toolchain entries; every key except `axiom` becomes an `emitters` entry. */
  toolchain?: Record<string, string>;
  emitters?: EmitterRegistry;
  net?: NetPolicy;
  /** Injected reader used instead of the disk reader for patch sources and preImage. */
  readPreImage?: PreImageReader;
  /** Clock for `runDetails.metadata.startedOn/finishedOn` only. CLI and MCP never pass it. */
  now?: () => Date;
  invocationId?: string;
}

export interface CompileResult {
  bundle: ManifestBundle;
  statement: Statement;
}

export const BUNDLE_HINT = 'use store: "cas"';

export async function compilePlan(input: unknown, opts: CompileOptions = {}): Promise<CompileResult> {
  try {
    return await compileUnguarded(input, opts);
  } catch (err) {
    if (err instanceof AxiomError) throw err;
    if (isAxiomError(err)) throw new AxiomError(err.code, { message: (err as Error).message, cause: err });
    throw axiomError("ERR_INTERNAL", {
      message: `compile failed: ${err instanceof Error ? err.message : String(err)}`,
      cause: err,
    });
  }
}

interface Resolved {
  artifact: ManifestArtifact;
  bytes?: Uint8Array;
}

async function compileUnguarded(input: unknown, opts: CompileOptions): Promise<CompileResult> {
  const startedOn = opts.now?.().toISOString();
  const plan = parsePlan(input); // steps 1–2

  // 3. Resolve sequentially in authored order; the first failure aborts.
  const resolved: Resolved[] = [];
  const digests = new Map<string, string>();
  const rendered = new Map<string, string>();
  for (const a of plan.artifacts) {
    if (a.op === "delete" || !a.source) {
      resolved.push({ artifact: { path: a.path, op: a.op, mode: a.mode } });
      continue;
    }
    const out = await resolveSource(a.source, {
      path: a.path,
      root: opts.root,
      readPreImage: opts.readPreImage,
      emitters: opts.emitters,
      net: opts.net,
    });
    const hex = sha256Hex(out.bytes);
    digests.set(a.path, digestRef(hex));
    if (out.emitter) rendered.set(out.emitter.id, out.emitter.version);
    resolved.push({
      artifact: {
        path: a.path,
        op: a.op,
        mode: a.mode,
        digest: { sha256: hex },
        bytes: out.bytes.length,
        origin: out.origin,
      },
      bytes: out.bytes,
    });
  }

  // 4–5. Sort by path (code point); planDigest.
  resolved.sort((x, y) => compareUtf8(x.artifact.path, y.artifact.path));
  const planDigest = computePlanDigest(plan, digests);

  // 6. Toolchain: caller keys (sorted) first, then every emitter that rendered overrides.
  const emitters: Record<string, string> = {};
  for (const key of Object.keys(opts.toolchain ?? {}).sort(compareUtf8)) {
    if (key !== "axiom") emitters[key] = (opts.toolchain as Record<string, string>)[key] as string;
  }
  for (const [id, version] of rendered) emitters[id] = version;

  // 7. preImage over every artifact path, sorted.
  const preImage = await recordPreImage(
    resolved.map((r) => r.artifact.path),
    opts,
  );

  // 8. ManifestBody and manifestDigest.
  const manifest = buildBody(plan, planDigest, resolved, emitters, preImage);
  const manifestDigest = canonicalDigestRef(manifest);

  // 9. Blobs: CAS with store "cas" + root, else inline once per distinct digest under the 4 MiB cap.
  const blobs = await storeBlobs(resolved, opts);

  // 10. Statement.
  const metadata: RunMetadata = {};
  if (opts.invocationId !== undefined) metadata.invocationId = opts.invocationId;
  if (startedOn !== undefined) {
    metadata.startedOn = startedOn;
    metadata.finishedOn = (opts.now as () => Date)().toISOString();
  }
  const statement = buildStatement(manifest, manifestDigest, metadata);

  // 11. The candidate must pass the bundle schema.
  const candidate = { manifest, manifestDigest, attestation: statement, blobs };
  parseOrThrow(ManifestBundleSchema, candidate, "ERR_INVALID_MANIFEST", "compiled bundle");
  return { bundle: candidate as ManifestBundle, statement };
}

function buildBody(
  plan: Plan,
  planDigest: string,
  resolved: Resolved[],
  emitters: Record<string, string>,
  preImage: PreImageEntry[] | undefined,
): ManifestBody {
  const body: ManifestBody = {
    apiVersion: plan.apiVersion,
    kind: "Manifest",
    name: plan.name,
    profile: plan.profile,
    planDigest,
    artifacts: resolved.map((r) => r.artifact),
    checks: [...plan.checks].sort((a, b) => compareUtf8(a.id, b.id)),
    toolchain: { axiom: FORMAT_VERSION, emitters },
  };
  if (plan.counter !== undefined) body.counter = plan.counter;
  if (preImage) body.preImage = preImage;
  return body;
}

async function recordPreImage(paths: string[], opts: CompileOptions): Promise<PreImageEntry[] | undefined> {
  const injected = opts.readPreImage;
  const root = opts.root;
  if (!injected && root === undefined) return undefined;
  const entries: PreImageEntry[] = [];
  for (const path of paths) {
    let sha256: string;
    if (injected) {
      const bytes = await injected(path);
      sha256 = bytes === undefined ? "absent" : sha256Hex(bytes);
    } else {
      sha256 = await readPreImage(root as string, path);
    }
    entries.push({ path, sha256 });
  }
  return entries;
}

async function storeBlobs(resolved: Resolved[], opts: CompileOptions): Promise<Record<string, EncodedBlob>> {
  const toCas = opts.store === "cas" && opts.root !== undefined;
  const blobs: Record<string, EncodedBlob> = {};
  const cas = new Map<string, Uint8Array>();
  let total = 0;
  for (const { artifact, bytes } of resolved) {
    if (!bytes || artifact.origin === "ref") continue;
    if (toCas) {
      cas.set(artifact.digest?.sha256 as string, bytes);
      continue;
    }
    const key = digestRef(artifact.digest?.sha256 as string);
    if (Object.hasOwn(blobs, key)) continue;
    total += bytes.length;
    if (total > BUNDLE_INLINE_MAX) {
      throw axiomError("ERR_BUNDLE_TOO_LARGE", { details: { total, max: BUNDLE_INLINE_MAX, hint: BUNDLE_HINT } });
    }
    blobs[key] = encodeBlob(bytes);
  }
  if (cas.size) await casPutAll(opts.root as string, cas);
  return blobs;
}
