// `axiom sign <bundle.json> --keyless [--bound --root <dir> | --root-id <id>] [-o <file>]`
// (signing.md §4.1). First pass: flag rules, bundle checks, root binding, identity-token resolution
// (NO_OIDC without loading the module), then the lazy `sigstore` import and `attest`.
// An unavailable signer is a negative result: stdout `{code, message, details}`, exit 1, bundle untouched.
import { manifestPayload } from "@codai/axiom-canon";
import { axiomError, collectIssues, KeylessSignatureSchema, wireIssues } from "@codai/axiom-schema";
import { printJson, setExit } from "../cli-output";
import { readTrustStore } from "../trust-store";
import { booleanFlag, stringFlag } from "./args";
import { readBundleFile } from "./input";
import { writeJsonAtomic } from "./out-file";
import { resolveRoot } from "./roots";
import { checkRootId, intakeSignInput } from "./sign-intake";
import { UsageError, type VerbContext } from "./verb";

type Reason = "NO_OIDC" | "MODULE_MISSING" | "MODULE_LOAD_FAILED" | "MODULE_SHAPE" | "SIGN_FAILED";

function unavailable(reason: Reason, message: string, name?: string): void {
  const details: Record<string, unknown> = { reason };
  if (name !== undefined) details.name = name;
  printJson({ code: "ERR_KEYLESS_UNAVAILABLE", message, details });
  setExit(1);
}

/** Token sources in order (§4.1): SIGSTORE_ID_TOKEN, else the Actions pair (the library fetches it). */
export function keylessTokenSource(env: Record<string, string | undefined>): { identityToken?: string } | undefined {
  if (env.SIGSTORE_ID_TOKEN) return { identityToken: env.SIGSTORE_ID_TOKEN };
  if (env.ACTIONS_ID_TOKEN_REQUEST_URL && env.ACTIONS_ID_TOKEN_REQUEST_TOKEN) return {};
  return undefined;
}

type Attest = (payload: Buffer, payloadType: string, options: Record<string, unknown>) => Promise<unknown>;

async function loadAttest(): Promise<{ attest: Attest } | { reason: Reason; message: string }> {
  const specifier = ["sig", "store"].join(""); // non-literal: never bundled
  let mod: Record<string, unknown>;
  try {
    mod = (await import(specifier)) as Record<string, unknown>;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") {
      return { reason: "MODULE_MISSING", message: "the optional sigstore package is not installed" };
    }
    return { reason: "MODULE_LOAD_FAILED", message: "the sigstore package failed to load" };
  }
  for (const ns of [mod, mod.default as Record<string, unknown> | undefined]) {
    if (ns && typeof ns.attest === "function" && typeof ns.verify === "function")
      return { attest: ns.attest as Attest };
  }
  return { reason: "MODULE_SHAPE", message: "the sigstore package has no attest/verify functions" };
}

export async function runKeyless({ values, positionals, cwd }: VerbContext): Promise<void> {
  if (stringFlag(values, "key-file") !== undefined) throw new UsageError("--key-file cannot be used with --keyless");
  const rootFlag = stringFlag(values, "root");
  const bound = booleanFlag(values, "bound");
  if (rootFlag !== undefined && !bound) throw new UsageError("--root requires --bound");
  const rootIdFlag = stringFlag(values, "root-id");
  if (bound && rootIdFlag === undefined && rootFlag === undefined)
    throw new UsageError("--bound requires --root or --root-id");
  const file = positionals[0] as string;
  const { raw, bundle } = intakeSignInput(await readBundleFile(file, cwd));
  let rootId: string | undefined;
  if (rootIdFlag !== undefined) rootId = checkRootId(rootIdFlag);
  else if (bound) {
    const store = await readTrustStore(await resolveRoot(rootFlag as string, cwd));
    if (store?.rootId === undefined) throw new UsageError("--bound: the trust store under --root has no rootId");
    rootId = store.rootId;
  }
  const token = keylessTokenSource(process.env);
  if (token === undefined) {
    return unavailable("NO_OIDC", "no OIDC identity token (SIGSTORE_ID_TOKEN or the GitHub Actions token variables)");
  }
  const loaded = await loadAttest();
  if ("reason" in loaded) return unavailable(loaded.reason, loaded.message);
  const { payloadType, bytes } = manifestPayload(bundle.manifest, rootId);
  let entry: unknown;
  try {
    entry = await loaded.attest(Buffer.from(bytes), payloadType, { ...token });
  } catch (err) {
    const name = err instanceof Error ? err.name : "Error";
    return unavailable("SIGN_FAILED", "keyless signing failed", name);
  }
  const checked = collectIssues(KeylessSignatureSchema, entry);
  if (!checked.ok) {
    throw axiomError("ERR_INVALID_MANIFEST", {
      message: "the keyless signature returned by sigstore does not fit the bundle schema",
      details: { issues: wireIssues(checked.issues) },
    });
  }
  const list = [...(bundle.keylessSignatures ?? []), entry];
  raw.keylessSignatures = list;
  const out = await writeJsonAtomic(stringFlag(values, "out") ?? file, cwd, raw);
  const summary: Record<string, unknown> = {
    manifestDigest: bundle.manifestDigest,
    keyless: true,
    keylessSignatures: list.length,
  };
  if (rootId !== undefined) {
    summary.rootId = rootId;
    summary.bound = true;
  }
  summary.out = out;
  printJson(summary);
}
