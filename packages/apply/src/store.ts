// Bundle intake (formats.md §6.3), the stored manifest `manifests/<hex>.json` (C0 rule) and the
// applied marker `applied/<hex>.json` (only an fs marker makes a digest "applied", §3, §5.2).
import { canonicalDigestRef } from "@codai/axiom-canon";
import {
  ApplyResultSchema,
  axiomError,
  collectIssues,
  type ManifestBundle,
  ManifestBundleSchema,
  wireIssues,
} from "@codai/axiom-schema";
import { atomicWrite, readJsonIfExists } from "./io";
import { jsonEqual } from "./json-equal";
import { layout } from "./layout";

/** Schema (precedence NOT_CANONICAL > BUNDLE_TOO_LARGE > INVALID_MANIFEST), then digest recompute. */
export function intakeBundle(input: unknown): ManifestBundle {
  const parsed = collectIssues(ManifestBundleSchema, input);
  if (!parsed.ok) {
    const codes = new Set(parsed.issues.map((i) => i.code));
    const code = codes.has("ERR_NOT_CANONICAL")
      ? "ERR_NOT_CANONICAL"
      : codes.has("ERR_BUNDLE_TOO_LARGE")
        ? "ERR_BUNDLE_TOO_LARGE"
        : "ERR_INVALID_MANIFEST";
    throw axiomError(code, {
      message: "bundle does not match its schema",
      details: { issues: wireIssues(parsed.issues) },
    });
  }
  const bundle = parsed.value;
  const recomputed = canonicalDigestRef(bundle.manifest);
  if (recomputed !== bundle.manifestDigest) {
    throw axiomError("ERR_NOT_CANONICAL", {
      message: "manifestDigest does not match the manifest",
      details: { declared: bundle.manifestDigest, recomputed },
    });
  }
  return bundle;
}

/** Reads `manifests/<hex>.json` and validates it with this digest (missing → ERR_BLOB_MISSING). */
export async function readStoredBundle(root: string, hex: string): Promise<ManifestBundle> {
  const got = await readJsonIfExists(layout.manifest(root, hex));
  if (!got.found)
    throw axiomError("ERR_BLOB_MISSING", {
      message: `stored manifest ${hex} is missing`,
      details: { digest: `sha256:${hex}` },
    });
  let raw: unknown;
  try {
    raw = JSON.parse(got.text);
  } catch {
    throw axiomError("ERR_INVALID_MANIFEST", { message: `stored manifest ${hex} is not JSON` });
  }
  const bundle = intakeBundle(raw);
  if (bundle.manifestDigest !== `sha256:${hex}`) {
    throw axiomError("ERR_INVALID_MANIFEST", { message: `stored manifest ${hex} names another digest` });
  }
  return bundle;
}

/** The compact JSON of a bundle, serialized once per bundle object (apply.ts and C0 both store it). */
const serialized = new WeakMap<ManifestBundle, string>();

function bundleText(bundle: ManifestBundle): string {
  let text = serialized.get(bundle);
  if (text === undefined) {
    text = JSON.stringify(bundle);
    serialized.set(bundle, text);
  }
  return text;
}

/**
 * True when the stored copy "exists and validates with this digest" (C0). `bundle` has passed
 * intake, so a stored copy whose bytes, or whose parsed value, equal it validates without a second
 * schema walk and digest; anything else goes through the full readStoredBundle check.
 */
async function storedCopyValid(root: string, hex: string, bundle: ManifestBundle, text: string): Promise<boolean> {
  let got: Awaited<ReturnType<typeof readJsonIfExists>>;
  try {
    got = await readJsonIfExists(layout.manifest(root, hex));
  } catch {
    return false;
  }
  if (!got.found) return false;
  if (got.text === text) return true;
  try {
    if (jsonEqual(JSON.parse(got.text), bundle)) return true;
  } catch {
    return false;
  }
  return readStoredBundle(root, hex).then(
    () => true,
    () => false,
  );
}

/** C0: atomic durable write unless a valid copy with this digest is already there. */
export async function storeBundle(root: string, bundle: ManifestBundle): Promise<void> {
  const hex = bundle.manifestDigest.slice(7);
  const text = bundleText(bundle);
  if (await storedCopyValid(root, hex, bundle, text)) return;
  await atomicWrite(layout.manifest(root, hex), text, true);
}

/** True when `applied/<hex>.json` parses as an fs ApplyResult `applied` for this digest. */
export async function isFsMarker(root: string, hex: string): Promise<boolean> {
  try {
    const got = await readJsonIfExists(layout.applied(root, hex));
    if (!got.found) return false;
    const r = ApplyResultSchema.safeParse(JSON.parse(got.text));
    return (
      r.success && r.data.mode === "fs" && r.data.status === "applied" && r.data.manifestDigest === `sha256:${hex}`
    );
  } catch {
    return false;
  }
}
