// One way to name a change (issue 21): every verb that takes a digest (`apply --confirm`,
// `rollback`, `show`, `diff`) resolves its argument here, so the forms a person may type are the
// same everywhere: `sha256:<64 hex>`, the bare 64 hex, a hex prefix of at least 7 characters that
// names exactly one known change, or `#<seq>` from the journal chain.
import { readChain } from "@codai/axiom-apply";
import { axiomError } from "@codai/axiom-schema";
import { hexJsonNames, layout } from "@codai/axiom-store";

/** The shortest prefix accepted: git's default abbreviation, short enough to type. */
export const REF_PREFIX_MIN = 7;

export type RefForm = "digest" | "hex" | "prefix" | "seq";

export interface ResolvedRef {
  /** `sha256:` + 64 lowercase hex. */
  manifestDigest: string;
  form: RefForm;
  /** The chain seq a `#seq` ref named. */
  seq?: number;
}

export interface ResolveRefOptions {
  /** Digests known to the caller besides the root's (apply: the bundle being confirmed). */
  extra?: readonly string[];
}

const FULL_RE = /^(?:sha256:)?([0-9a-f]{64})$/;
const PREFIX_RE = /^(?:sha256:)?([0-9a-f]+)$/;
const SEQ_RE = /^#([1-9][0-9]{0,15})$/;

const FORMS = "sha256:<64 hex>, the 64 hex, a unique prefix of 7+ hex characters, or #<seq>";

function notFound(ref: string, message: string, details: Record<string, unknown> = {}): Error {
  return axiomError("ERR_NOT_FOUND", { message, details: { ref, ...details } });
}

/**
 * Every digest the root knows: the good chain entries, stored manifests, journals and applied
 * markers. Names only: a prefix must be unique among everything a person could have seen.
 */
async function knownDigests(root: string): Promise<Set<string>> {
  const [chain, ...dirs] = await Promise.all([
    readChain(root).catch(() => ({ entries: [] })),
    hexJsonNames(layout.manifestsDir(root)),
    hexJsonNames(layout.journalDir(root)),
    hexJsonNames(layout.appliedDir(root)),
  ]);
  const out = new Set<string>(chain.entries.map((e) => e.manifestDigest.slice(7)));
  for (const names of dirs) for (const hex of names) out.add(hex);
  return out;
}

/**
 * resolveRef: the manifest digest `text` names in `root`. A full digest resolves as given (whether
 * the root knows it is the caller's question); a prefix must match exactly one known digest
 * (several → ERR_NOT_FOUND `reason: "ambiguous"` with the candidates); `#seq` must be a good chain
 * entry. Anything else → ERR_NOT_FOUND `reason: "malformed"`.
 */
export async function resolveRef(root: string, text: string, options: ResolveRefOptions = {}): Promise<ResolvedRef> {
  const full = FULL_RE.exec(text);
  if (full) return { manifestDigest: `sha256:${full[1]}`, form: text.startsWith("sha256:") ? "digest" : "hex" };
  const seqMatch = SEQ_RE.exec(text);
  if (seqMatch) {
    const seq = Number(seqMatch[1]);
    const { entries } = await readChain(root);
    const entry = entries.find((e) => e.seq === seq);
    if (!entry) {
      throw notFound(text, `no entry #${seq} in the journal chain (it has ${entries.length})`, {
        reason: "no-such-seq",
        entries: entries.length,
      });
    }
    return { manifestDigest: entry.manifestDigest, form: "seq", seq };
  }
  const prefix = PREFIX_RE.exec(text)?.[1];
  if (prefix === undefined || prefix.length < REF_PREFIX_MIN) {
    throw notFound(text, `"${text}" is not a ref; expected ${FORMS}`, { reason: "malformed" });
  }
  const known = await knownDigests(root);
  for (const d of options.extra ?? []) known.add(d.startsWith("sha256:") ? d.slice(7) : d);
  const candidates = [...known].filter((hex) => hex.startsWith(prefix)).sort();
  if (candidates.length === 0)
    throw notFound(text, `no change in this root starts with ${prefix}`, { reason: "unknown" });
  if (candidates.length > 1) {
    const listed = candidates.map((hex) => `sha256:${hex}`);
    throw notFound(text, `${prefix} is ambiguous: ${candidates.length} changes start with it; type more characters`, {
      reason: "ambiguous",
      candidates: listed,
    });
  }
  return { manifestDigest: `sha256:${candidates[0]}`, form: "prefix" };
}
