// The verb table: name → synopsis (the global help lists these lines, cli.md §7.0) and a lazy
// loader, so a verb's code is imported only when it runs.
import type { VerbModule } from "./verb";

export interface VerbEntry {
  synopsis: string;
  load(): Promise<VerbModule>;
}

// Each verb module registers here with its synopsis line from cli.md §7.0, in that table's order.
export const VERBS: Record<string, VerbEntry> = {
  mcp: {
    synopsis:
      "axiom mcp [--root <abs>]… [--tools core|full] [--profile <name>] [--allow-profile <name>]… [--emitter <spec>]… [--allow-guards] [--guard-allowlist <abs>]… [--log-level <level>] [--http <spec> [--http-token-env <NAME>]] [--wire 2026|2025|2026-only] [--require-human]",
    load: () => import("./verbs/mcp"),
  },
  init: {
    synopsis:
      "axiom init [--root <dir>] [--harness auto|claude|vscode|copilot|codex|cursor|gemini] [--profile-name <name>] [--route all|protected] [--require-human|--no-require-human] [--force] [--json]",
    load: () => import("./verbs/init"),
  },
  doctor: {
    synopsis: "axiom doctor [--root <dir>] [--json]",
    load: () => import("./verbs/doctor"),
  },
  status: {
    synopsis: "axiom status [--root <dir>] [--json]",
    load: () => import("./verbs/status"),
  },
  log: {
    synopsis: "axiom log [--root <dir>] [--limit|-n <n>] [--files] [--json]",
    load: () => import("./verbs/log"),
  },
  compile: {
    synopsis:
      "axiom compile <plan.json|plan.yaml|plan.yml|plan.axm> [-o <file>] [--store inline|cas] [--root <dir>] [--allow-net [--net-allow <h[,h]>]…] [--allow-file] [--emitter <spec>]…",
    load: () => import("./verbs/compile"),
  },
  verify: {
    synopsis:
      "axiom verify <bundle.json> [--root <dir>] | axiom verify <bundle.json> --tree <dir> [--pre] [--attest <out.json>] | axiom verify --journal --root <dir>",
    load: () => import("./verbs/verify"),
  },
  check: {
    synopsis:
      "axiom check <bundle.json> --root <dir> [--profile <name>] [--allow-guards] [--guard-allowlist <abs>]… [--json]",
    load: () => import("./verbs/check"),
  },
  apply: {
    synopsis:
      "axiom apply <bundle.json> --root <dir> (--confirm <digest> | --dry-run) [--profile <name>] [--pr [--branch <name>] [--commit-message <text>]] [--lock-timeout <ms>] [--keep-backups <n>] [--allow-guards] [--guard-allowlist <abs>]…",
    load: () => import("./verbs/apply"),
  },
  show: {
    synopsis: "axiom show <ref> [--root <dir>] [--json]",
    load: () => import("./verbs/show"),
  },
  rollback: {
    synopsis: "axiom rollback <ref> --root <dir> [--force] [--json]",
    load: () => import("./verbs/rollback"),
  },
  gc: {
    synopsis: "axiom gc --root <dir> [--dry-run] [--older-than <n>(ms|s|m|h|d)] [--keep all-manifests|journal]",
    load: () => import("./verbs/gc"),
  },
  diff: {
    synopsis: "axiom diff <a.json|ref> <b.json|ref> [--root <dir>] [--json]",
    load: () => import("./verbs/diff"),
  },
  schema: {
    synopsis: "axiom schema <Plan|Manifest|ManifestBundle|CheckReport|ApplyResult|Profile|Journal|RepoSnapshot>",
    load: () => import("./verbs/schema"),
  },
  emitters: {
    synopsis: "axiom emitters [--emitter <spec>]… [--json]",
    load: () => import("./verbs/emitters"),
  },
  keygen: {
    synopsis: "axiom keygen [--out <dir>] [--name <label>]",
    load: () => import("./verbs/keygen"),
  },
  sign: {
    synopsis:
      "axiom sign <bundle.json> [--key-file <path>] [-o <file>] [--root-id <id>] | axiom sign <bundle.json> --keyless [--bound --root <dir> | --root-id <id>] [-o <file>]",
    load: () => import("./verbs/sign"),
  },
  trust: {
    synopsis: "axiom trust add <pubkey.json> | remove <keyid> | list | root-id [<id> | --clear] --root <dir>",
    load: () => import("./verbs/trust"),
  },
  gate: {
    synopsis:
      "axiom gate --stdin [--root <dir>] [--profile <file>] [--fail-open] [--no-shell-scan] [--no-root-discovery] [--log-level <level>]",
    load: () => import("./verbs/gate"),
  },
  migrate: {
    synopsis:
      "axiom migrate v1 <manifest.json> [-o <plan.json>] [--profile <name>] [--cas <root>] [--content <dir>] [--name <kebab>] [--overwrite]",
    load: () => import("./verbs/migrate"),
  },
  snapshot: {
    synopsis:
      "axiom snapshot --root <dir> [-o <file>] [--include <glob>]… [--exclude <glob>]… [--max-files <n>] [--max-bytes <n>] [--no-gitignore] [--no-digest]",
    load: () => import("./verbs/snapshot"),
  },
  "snapshot-diff": {
    synopsis: "axiom snapshot-diff <a.json> <b.json>",
    load: () => import("./verbs/snapshot-diff"),
  },
};
