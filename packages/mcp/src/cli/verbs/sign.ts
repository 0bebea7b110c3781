// `axiom sign <bundle.json> [--key-file <path>] [-o <file>] [--root-id <id>]` (signing.md §3.2,
// cli.md §7.16): adds a detached Ed25519 DSSE envelope over the canonical manifest. The keyless
// form (`--keyless`, §4.1) shares the flag table; its checks live in ./sign-keyless.
import { keyPairOf, signManifest } from "@codai/axiom-canon";
import { booleanFlag, stringFlag } from "../args";
import { readBundleFile } from "../input";
import { loadSigningKey } from "../keys";
import { writeJsonAtomic } from "../out-file";
import { outputMode, printResult } from "../output";
import { renderSign } from "../render/signing";
import { makeStyle } from "../render/style";
import { checkRootId, intakeSignInput } from "../sign-intake";
import { UsageError, type VerbContext } from "../verb";

export async function run(ctx: VerbContext): Promise<void> {
  const { values, positionals: args, cwd } = ctx;
  if (booleanFlag(values, "keyless")) {
    const { runKeyless } = await import("../sign-keyless");
    return runKeyless(ctx);
  }
  // Step 1: keyless-only flags without --keyless.
  if (booleanFlag(values, "bound")) throw new UsageError("--bound requires --keyless");
  if (stringFlag(values, "root") !== undefined) throw new UsageError("--root requires --keyless (and --bound)");
  const file = args[0] as string;
  // Steps 2–3.
  const { raw, bundle } = intakeSignInput(await readBundleFile(file, cwd));
  // Steps 4–5.
  const key = await loadSigningKey({ keyFile: stringFlag(values, "key-file"), cwd, env: process.env });
  // Step 6.
  const rootIdFlag = stringFlag(values, "root-id");
  const rootId = rootIdFlag === undefined ? undefined : checkRootId(rootIdFlag);
  // Step 7.
  const { keyid } = keyPairOf(key);
  const envelope = signManifest(key, bundle.manifest, rootId);
  // Step 8: re-signing with the same key replaces that key's envelope; the new one goes last.
  const kept = (bundle.signatures ?? []).filter((env) => !env.signatures.some((s) => s.keyid === keyid));
  const signatures = [...kept, envelope];
  raw.signatures = signatures;
  // Step 9: -o, or the input file in place; atomic either way.
  const out = await writeJsonAtomic(stringFlag(values, "out") ?? file, cwd, raw);
  const summary: Record<string, unknown> = {
    manifestDigest: bundle.manifestDigest,
    keyid,
    signatures: signatures.length,
  };
  if (rootId !== undefined) {
    summary.rootId = rootId;
    summary.bound = true;
  }
  summary.out = out;
  const mode = outputMode(values);
  const facts = { manifestDigest: bundle.manifestDigest, keyid, signatures: signatures.length, rootId, out };
  printResult(mode, summary, () => renderSign(facts, stringFlag(values, "out") ?? file, makeStyle(mode.colour)));
}
