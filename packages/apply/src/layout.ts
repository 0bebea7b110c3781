// Every path of the `.axiom/` layout (apply.md §3). `<hex>` is the 64-hex manifest digest.
import * as path from "node:path";

export const AXIOM_DIR = ".axiom";

export function axiomDir(root: string): string {
  return path.join(root, AXIOM_DIR);
}

export const layout = {
  axiom: (root: string) => axiomDir(root),
  lock: (root: string) => path.join(axiomDir(root), "lock"),
  queue: (root: string) => path.join(axiomDir(root), "queue"),
  intents: (root: string) => path.join(axiomDir(root), "intents"),
  stagingRoot: (root: string) => path.join(axiomDir(root), "staging"),
  staging: (root: string, hex: string) => path.join(axiomDir(root), "staging", hex),
  stagedFile: (root: string, hex: string, rel: string) => path.join(axiomDir(root), "staging", hex, ...rel.split("/")),
  journalDir: (root: string) => path.join(axiomDir(root), "journal"),
  journal: (root: string, hex: string) => path.join(axiomDir(root), "journal", `${hex}.json`),
  chain: (root: string) => path.join(axiomDir(root), "journal", "chain.jsonl"),
  backupRoot: (root: string) => path.join(axiomDir(root), "backup"),
  backup: (root: string, hex: string) => path.join(axiomDir(root), "backup", hex),
  backupFile: (root: string, hex: string, rel: string) => path.join(axiomDir(root), "backup", hex, ...rel.split("/")),
  appliedDir: (root: string) => path.join(axiomDir(root), "applied"),
  applied: (root: string, hex: string) => path.join(axiomDir(root), "applied", `${hex}.json`),
  manifestsDir: (root: string) => path.join(axiomDir(root), "manifests"),
  manifest: (root: string, hex: string) => path.join(axiomDir(root), "manifests", `${hex}.json`),
  reports: (root: string) => path.join(axiomDir(root), "reports"),
  cas: (root: string, hex: string) => path.join(axiomDir(root), "cas", "sha256", hex.slice(0, 2), hex),
  tmp: (root: string) => path.join(axiomDir(root), "tmp"),
  target: (root: string, rel: string) => path.join(root, ...rel.split("/")),
};

/** The journal's relative POSIX spelling of a step backup (apply.md §5.6). */
export function backupRel(hex: string, rel: string): string {
  return `.axiom/backup/${hex}/${rel}`;
}
