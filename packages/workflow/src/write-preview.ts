// The preview call of axiom_write (mcp.md §7.3, after the server's root and profile rule and the
// compile): store the bundle → dry run with the pre-apply checks → WriteResult. Never asks a human;
// nothing outside `.axiom/` changes.
import type { ApplyResult } from "@codai/axiom-schema";
import { storeBundle } from "@codai/axiom-store";
import { dryRunBundle } from "./apply-bundle";
import type { GuardOptions } from "./types";
import type { CompiledWrite } from "./write-compile";
import { type WriteResult, writeResultOf } from "./write-result";

/** What the checks of either axiom_write call run with. */
export interface WriteChecksOptions {
  /** The profile name to load for the checks (after D26). */
  profile: string;
  guards: GuardOptions;
  signal?: AbortSignal;
}

export async function previewWrite(compiled: CompiledWrite, opts: WriteChecksOptions): Promise<WriteResult> {
  const { root, bundle } = compiled;
  // 1. `<root>/.axiom/manifests/<hex>.json` (the confirm's store finds it intact, ARCH-S3).
  await storeBundle(root, bundle, { durable: false });
  // 2. apply in mode dry-run with the pre-apply checks.
  const { result, report } = await dryRunBundle({ bundle, root, ...opts });
  // 3. A non-pass verdict fails the preview with ERR_CHECKS_FAILED, `checks` present, no `next`.
  if (report && report.verdict !== "pass" && result.status !== "failed") {
    const failed: ApplyResult = {
      ...result,
      status: "failed",
      error: { code: "ERR_CHECKS_FAILED", message: `checks verdict ${report.verdict}` },
    };
    return writeResultOf(failed, "failed", report);
  }
  // 4. Any other dry-run failure is that failure.
  if (result.status === "failed") return writeResultOf(result, "failed", report);
  // 5. The preview, with the one `next` sentence of §7.4.
  const preview = writeResultOf(result, "preview", report);
  preview.next = `Call axiom_write again with the same root, files, intent and profile and confirmDigest "${bundle.manifestDigest}" to apply.`;
  return preview;
}
