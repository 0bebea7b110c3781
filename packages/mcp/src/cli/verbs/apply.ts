// `axiom apply <bundle.json> --root <dir> (--confirm <digest> | --dry-run) [--profile <name>]
// [--pr [--branch <name>] [--commit-message <text>]] [--lock-timeout <ms>] [--keep-backups <n>]
// [--allow-guards] [--guard-allowlist <abs>]…` (cli.md §7.9): read + bundle intake → --confirm →
// root → the workflow's applyBundle (profile load, engine, store on applied/noop: the same function
// as axiom_apply) → print the ApplyResult (JSON piped or with --json; on a terminal the text of
// render/apply.ts: a dry run as a diff with the confirm command). `--confirm` takes any ref form
// (confirm-ref.ts). Exit 0 applied/noop, 1 failed/rolled-back, 2 before a result exists.
import { isAbsolute } from "node:path";
import { KEEP_BACKUPS_MAX, LOCK_TIMEOUT_MAX_MS } from "@codai/axiom-rules";
import { axiomError } from "@codai/axiom-schema";
import { applyBundle, intakeBundle, selectCliProfile } from "@codai/axiom-workflow";
import { resolveCliRoot } from "../../common/roots";
import { booleanFlag, integerFlag, listFlag, stringFlag } from "../args";
import { checkConfirmRef, checkConfirmShape } from "../confirm-ref";
import { readBundleToApply } from "../input";
import { outputMode, printError, printResult, setExit } from "../output";
import { renderApply } from "../render/apply";
import { makeStyle } from "../render/style";
import { UsageError, type VerbContext } from "../verb";

export async function run({ values, positionals: args, cwd }: VerbContext): Promise<void> {
  const rootArg = stringFlag(values, "root");
  if (rootArg === undefined) throw new UsageError("apply requires --root <dir>");
  const pr = booleanFlag(values, "pr");
  for (const flag of ["branch", "commit-message", "message"]) {
    if (values[flag] !== undefined && !pr) throw new UsageError(`--${flag} requires --pr`);
  }
  if (values.message !== undefined && values["commit-message"] !== undefined) {
    throw new UsageError("--message is an alias of --commit-message; give only one");
  }
  for (const entry of listFlag(values, "guard-allowlist")) {
    if (!isAbsolute(entry)) throw new UsageError(`--guard-allowlist expects an absolute path, got "${entry}"`);
  }
  const dryRun = booleanFlag(values, "dry-run");
  const bundle = intakeBundle(await readBundleToApply(args[0] as string, cwd));
  const confirm = stringFlag(values, "confirm");
  // Step 3: a full digest is compared before the root is known; a short ref needs the root's history.
  const confirmNeedsRoot = !dryRun && checkConfirmShape(confirm, bundle.manifestDigest);
  const root = await resolveCliRoot(rootArg, cwd);
  if (confirmNeedsRoot) await checkConfirmRef(root, confirm as string, bundle.manifestDigest);
  const confirmDigest = dryRun ? undefined : bundle.manifestDigest;
  // Steps 5–7. The operator may name any profile (D26); a bad one fails before apply starts. Step 7
  // has no failure: a store that fails after the apply is not reported (outcome.storeError).
  const { result, trustError } = await applyBundle({
    bundle,
    root,
    profile: selectCliProfile(stringFlag(values, "profile"), bundle.manifest.profile),
    mode: dryRun ? "dry-run" : pr ? "pr" : "fs",
    confirmDigest,
    origin: { surface: "cli" },
    lockTimeoutMs: integerFlag(values, "lock-timeout"),
    keepBackups: dryRun ? undefined : integerFlag(values, "keep-backups"),
    branch: stringFlag(values, "branch"),
    commitMessage: stringFlag(values, "commit-message") ?? stringFlag(values, "message"),
    guards: { allowGuards: booleanFlag(values, "allow-guards"), guardAllowlist: listFlag(values, "guard-allowlist") },
  });
  const mode = outputMode(values);
  printResult(mode, result, () =>
    renderApply(result, {
      bundleArg: args[0] as string,
      rootArg,
      name: bundle.manifest.name,
      style: makeStyle(mode.colour),
    }),
  );
  if (trustError !== undefined && result.status === "applied") {
    // The files stay applied; the failed advance is an error line after the result (exit 2).
    printError(
      axiomError(trustError.code, {
        message: `trust state not advanced: ${trustError.message}`,
        details: { ...trustError.details, manifestDigest: result.manifestDigest, status: "applied" },
      }),
    );
    setExit(2);
    return;
  }
  setExit(result.status === "applied" || result.status === "noop" ? 0 : 1);
}
