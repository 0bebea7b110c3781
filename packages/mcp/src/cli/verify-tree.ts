// The verb behind chunk dist/verify-tree-lazy.js (signing.md §9, cli.md §7.7): `axiom verify <bundle.json>
// --tree <dir> [--pre] [--attest <out.json>]`. Structural verify first; then verifyTree (read-only,
// no lock, no roots allowlist); `--attest` writes the apply attestation and its bare predicate
// (JCS + LF) only when the tree matched. Exit 0 when ok, else 1.
import { resolve } from "node:path";
import {
  APPLY_PREDICATE_TYPE,
  applySourceFromEnv,
  attestationFileText,
  buildApplyAttestation,
  predicateFileName,
} from "@codai/axiom-canon";
import type { ManifestBundle } from "@codai/axiom-schema";
import { verifyTree } from "@codai/axiom-workflow";
import { writeFileAtomic } from "./out-file";
import { outputMode, printResult, setExit } from "./output";
import { renderTree, renderVerify } from "./render/results";
import { makeStyle } from "./render/style";

export const STRUCTURAL_NOTE = "bundle failed structural verification; tree not checked";
export const NO_PREIMAGE_NOTE = "manifest carries no preImage (compiled without a root); --pre cannot be verified";

export interface VerifyTreeCliInput {
  input: unknown;
  treeArg: string;
  pre: boolean;
  attest?: string;
  cwd: string;
  env: Record<string, string | undefined>;
  /** `--json`: the document even on a terminal (CLI-O1). */
  json?: boolean;
}

export async function runVerifyTree({
  input,
  treeArg,
  pre,
  attest,
  cwd,
  env,
  json,
}: VerifyTreeCliInput): Promise<void> {
  const mode = outputMode({ json });
  const style = makeStyle(mode.colour);
  const { structural, tree: result } = await verifyTree({ tree: resolve(cwd, treeArg), bundle: input, pre });
  if (result === undefined) {
    const doc = { ...structural, tree: null, note: STRUCTURAL_NOTE };
    printResult(mode, doc, () => renderVerify(doc, style));
    setExit(1);
    return;
  }
  const out: Record<string, unknown> = {
    ok: result.ok,
    manifestDigest: result.manifestDigest,
    canonical: structural.canonical,
    root: result.root,
    tree: result.tree,
    paths: result.paths.length,
    mismatches: result.mismatches,
  };
  if (result.preImageMissing) out.note = NO_PREIMAGE_NOTE;
  if (result.ok && attest !== undefined) {
    const { manifest } = input as ManifestBundle;
    const statement = buildApplyAttestation({
      manifest,
      manifestDigest: result.manifestDigest,
      tree: result.tree,
      paths: result.paths,
      source: applySourceFromEnv(env),
    });
    const file = resolve(cwd, attest);
    const predicateFile = predicateFileName(file);
    await writeFileAtomic(file, cwd, attestationFileText(statement));
    await writeFileAtomic(predicateFile, cwd, attestationFileText(statement.predicate));
    out.attestation = {
      file,
      predicateFile,
      predicateType: APPLY_PREDICATE_TYPE,
      subjects: statement.subject.length,
    };
  }
  printResult(mode, out, () => renderTree({ ...result, note: out.note as string | undefined }, style));
  setExit(result.ok ? 0 : 1);
}
