// Every path of the `.axiom/` layout (apply.md §3, formats.md §9.1): the one module that builds
// paths under AXIOM_DIR (the name itself is a rule: @codai/axiom-rules' axiom-dir.ts). `<hex>` is
// the 64-hex manifest digest (in `cas/`, the blob digest), `<hex12>` its first 12 characters. No
// zod and no engine code on purpose (node:path and the zero-dependency rules only), reachable as
// `@codai/axiom-store/layout`, so the gate and the stdio front, which must start without either,
// build their paths here too.
import * as path from "node:path";
// The subpath, not the barrel: the CLI's dispatcher reaches layout, and the barrel's chunk carries
// picomatch and the secret detectors (≈ 5 ms of every `axiom <verb>` start).
import { AXIOM_DIR, AXIOM_GLOB } from "@codai/axiom-rules/axiom-dir";

export { AXIOM_DIR, AXIOM_GLOB };

export function axiomDir(root: string): string {
  return path.join(root, AXIOM_DIR);
}

const under = (root: string, ...parts: string[]) => path.join(root, AXIOM_DIR, ...parts);

export const layout = {
  axiom: (root: string) => axiomDir(root),
  lock: (root: string) => under(root, "lock"),
  queue: (root: string) => under(root, "queue"),
  queueTicket: (root: string, name: string) => under(root, "queue", name),
  intents: (root: string) => under(root, "intents"),
  intent: (root: string, name: string) => under(root, "intents", name),
  intentsMutex: (root: string) => under(root, "intents", ".mutex"),
  stagingRoot: (root: string) => under(root, "staging"),
  staging: (root: string, hex: string) => under(root, "staging", hex),
  stagedFile: (root: string, hex: string, rel: string) => under(root, "staging", hex, ...rel.split("/")),
  journalDir: (root: string) => under(root, "journal"),
  journal: (root: string, hex: string) => under(root, "journal", `${hex}.json`),
  chain: (root: string) => under(root, "journal", "chain.jsonl"),
  backupRoot: (root: string) => under(root, "backup"),
  backup: (root: string, hex: string) => under(root, "backup", hex),
  backupFile: (root: string, hex: string, rel: string) => under(root, "backup", hex, ...rel.split("/")),
  appliedDir: (root: string) => under(root, "applied"),
  applied: (root: string, hex: string) => under(root, "applied", `${hex}.json`),
  manifestsDir: (root: string) => under(root, "manifests"),
  manifest: (root: string, hex: string) => under(root, "manifests", `${hex}.json`),
  /** Who applied a change and why (intent, origin): `about/<hex>.json`, read by `axiom show` / `log`. */
  about: (root: string, hex: string) => under(root, "about", `${hex}.json`),
  reportsDir: (root: string) => under(root, "reports"),
  report: (root: string, hex: string) => under(root, "reports", `${hex}.json`),
  /** `cas/` itself (checks' content reader takes it as `casDir`). */
  casDir: (root: string) => under(root, "cas"),
  /** `cas/sha256/`, the parent of every shard directory. */
  casRoot: (root: string) => under(root, "cas", "sha256"),
  cas: (root: string, hex: string) => under(root, "cas", "sha256", hex.slice(0, 2), hex),
  profilesDir: (root: string) => under(root, "profiles"),
  gateProfile: (root: string) => under(root, "gate-profile.json"),
  selfGitignore: (root: string) => under(root, ".gitignore"),
  trustDir: (root: string) => under(root, "trust"),
  tmp: (root: string) => under(root, "tmp"),
  wtDir: (root: string) => under(root, "wt"),
  /** The PR-mode worktree of a digest: `wt/<hex12>`. */
  worktree: (root: string, hex: string) => under(root, "wt", hex.slice(0, 12)),
  target: (root: string, rel: string) => path.join(root, ...rel.split("/")),
};

/** The journal's relative POSIX spelling of a step backup (apply.md §5.6). */
export function backupRel(hex: string, rel: string): string {
  return `${AXIOM_DIR}/backup/${hex}/${rel}`;
}

/** Relative POSIX spellings of files other layers name relative to a root (signing.md, hooks-doctor.md). */
export const AXIOM_REL = {
  trustKeys: `${AXIOM_DIR}/trust/keys.json`,
  trustState: `${AXIOM_DIR}/trust/state.json`,
  trustStateKey: `${AXIOM_DIR}/trust/state.key`,
  gateProfile: `${AXIOM_DIR}/gate-profile.json`,
} as const;

/** What `axiom init` appends to `.gitignore` (apply.md §3): all of `.axiom/` but the committed profiles. */
export const AXIOM_GITIGNORE_LINES: readonly string[] = [
  `${AXIOM_DIR}/*`,
  `!${AXIOM_DIR}/profiles/`,
  `!${AXIOM_REL.gateProfile}`,
];

/**
 * `.axiom/.gitignore`, written when `.axiom/` is created (self-ignore.ts): the same entries as
 * AXIOM_GITIGNORE_LINES, anchored to `.axiom/` itself, so AXIOM's state (journal, backups of
 * overwritten files, CAS) stays out of git from the first write, whether or not `axiom init` ran.
 * The file ignores itself; the profiles and the gate profile stay committable.
 */
export const AXIOM_SELF_GITIGNORE = `# AXIOM's working state: not for git (written by AXIOM)\n${AXIOM_GITIGNORE_LINES.map((l) => l.replace(`${AXIOM_DIR}/`, "/")).join("\n")}\n`;
