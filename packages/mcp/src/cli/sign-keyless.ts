// `axiom sign <bundle.json> --keyless [--bound --root <dir> | --root-id <id>] [-o <file>]`
// (signing.md §4.1). First pass: flag rules, bundle checks, root binding, identity-token resolution
// (NO_OIDC without loading the module), then the lazy `sigstore` import and `attest` — both in
// @codai/axiom-checks keyless.ts, shared with the predicate's verification.
// An unavailable signer is a negative result: stdout `{code, message, details}`, exit 1, bundle untouched.
import { type KeylessSignOptions, keylessSignEndpointsFromEnv, signKeyless } from "@codai/axiom-checks";
import { axiomError, collectIssues, KeylessSignatureSchema, wireIssues } from "@codai/axiom-schema";
import { readTrustStore } from "@codai/axiom-workflow";
import { booleanFlag, stringFlag } from "./args";
import { readBundleFile } from "./input";
import { writeJsonAtomic } from "./out-file";
import { type OutputMode, outputMode, printResult, setExit } from "./output";
import { renderKeylessSign, renderKeylessUnavailable } from "./render/signing";
import { makeStyle } from "./render/style";
import { resolveCliRoot } from "./roots";
import { checkRootId, intakeSignInput } from "./sign-intake";
import { UsageError, type VerbContext } from "./verb";

function unavailable(mode: OutputMode, reason: string, message: string, name?: string): void {
  const details: { reason: string; name?: string } = { reason };
  if (name !== undefined) details.name = name;
  const doc = { code: "ERR_KEYLESS_UNAVAILABLE", message, details };
  printResult(mode, doc, () => renderKeylessUnavailable(doc, makeStyle(mode.colour)));
  setExit(1);
}

/** Test seam for in-process runs: extra sign options (identity token, endpoints). */
let signOptionsForTests: KeylessSignOptions = {};
export function setKeylessSignOptionsForTests(opts: KeylessSignOptions): void {
  signOptionsForTests = opts;
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
    const store = await readTrustStore(await resolveCliRoot(rootFlag as string, cwd));
    if (store?.rootId === undefined) throw new UsageError("--bound: the trust store under --root has no rootId");
    rootId = store.rootId;
  }
  // SIGN-3: endpoints from AXIOM_SIGSTORE_FULCIO_URL / _REKOR_URL (the offline mocks in tests).
  const endpoints = keylessSignEndpointsFromEnv(process.env);
  const signed = await signKeyless(bundle.manifest, { ...endpoints, ...signOptionsForTests, rootId, env: process.env });
  const mode = outputMode(values);
  if (signed.kind === "unavailable") return unavailable(mode, signed.reason, signed.message, signed.name);
  const entry = signed.entry;
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
  const facts = { manifestDigest: bundle.manifestDigest, keylessSignatures: list.length, rootId, out };
  const outArg = stringFlag(values, "out") ?? file;
  printResult(mode, summary, () => renderKeylessSign(facts, outArg, makeStyle(mode.colour)));
}
