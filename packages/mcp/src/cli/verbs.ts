// The verb registry: the one source of truth for every verb's description, usage, flags (name, alias,
// type, meaning, default, allowed values), positional count and examples. The parser, `axiom help`,
// `axiom <verb> --help` and the generated reference in docs/cli.md read it; a verb's code is loaded
// lazily, only when it runs.
import {
  KEEP_BACKUPS_DEFAULT,
  KEEP_BACKUPS_MAX,
  LOCK_TIMEOUT_DEFAULT_MS,
  LOCK_TIMEOUT_MAX_MS,
} from "@codai/axiom-rules";
import { AXIOM_REL } from "@codai/axiom-store/layout";
import { GATE_FLAGS } from "../harness/gate/args";
import { HARNESSES } from "../harness/gate/types";
import type { FlagSpec, VerbSpec } from "./flag-spec";

const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
const ROUTES = ["all", "protected"] as const;
const SCHEMA_KIND_LIST = "Plan, Manifest, ManifestBundle, CheckReport, ApplyResult, Profile, Journal, RepoSnapshot";

// Flags several verbs share, so their meaning is written once.
const root = (help: string, extra: Partial<FlagSpec> = {}): FlagSpec => ({
  type: "string",
  value: "dir",
  help,
  ...extra,
});
const json: FlagSpec = { type: "boolean", help: "print the JSON document instead of text" };
const jsonDoc: FlagSpec = { type: "boolean", help: "print the JSON document (the default for this verb)" };
const cliProfile: FlagSpec = {
  type: "string",
  value: "name",
  help: "profile to check with: default, strict, permissive or <root>/.axiom/profiles/<name>.json",
  default: "the bundle's manifest.profile",
};
const allowGuards: FlagSpec = {
  type: "boolean",
  help: "allow guard.external checks to run (the profile must allow them too)",
};
const guardAllowlist: FlagSpec = {
  type: "string",
  multiple: true,
  value: "abs",
  help: "absolute path of a guard program that may run; repeatable",
};
const emitter: FlagSpec = {
  type: "string",
  multiple: true,
  value: "spec",
  help: "load a template emitter module (package name or path); repeatable",
};
const outFile = (help: string): FlagSpec => ({ type: "string", short: "o", value: "file", help });

/** The gate's own flag table (harness/gate/args.ts) with the meanings people read. */
const gateFlag = (name: keyof typeof GATE_FLAGS, spec: Omit<FlagSpec, "type">): FlagSpec => ({
  type: GATE_FLAGS[name].type,
  ...spec,
});

export const VERBS: Record<string, VerbSpec> = {
  mcp: {
    summary: "serve AXIOM's tools to an agent over MCP (stdio, or HTTP with --http)",
    group: "set up",
    usage: ["axiom mcp --root <dir>… [options]"],
    positionals: { min: 0, max: 0 },
    flags: {
      root: root("a directory the agent may write; repeatable; at least one is required", { multiple: true }),
      tools: { type: "string", value: "set", choices: ["core", "full"], default: "core", help: "which tools to offer" },
      profile: { type: "string", value: "name", help: "the server's default profile" },
      "allow-profile": {
        type: "string",
        multiple: true,
        value: "name",
        help: "another profile an agent may name (e.g. permissive); repeatable",
      },
      emitter,
      "allow-guards": allowGuards,
      "guard-allowlist": guardAllowlist,
      "log-level": {
        type: "string",
        value: "level",
        choices: LOG_LEVELS,
        default: "warn",
        help: "JSON log lines on stderr at or below this level",
      },
      wire: {
        type: "string",
        value: "era",
        choices: ["2026", "2025", "2026-only"],
        default: "2026",
        help: "MCP wire eras served",
      },
      "require-human": {
        type: "boolean",
        help: "refuse writes from clients that cannot ask a person to confirm",
      },
      http: {
        type: "string",
        value: "host:port",
        help: "serve Streamable HTTP instead of stdio (`8080`, `127.0.0.1:0`, `[::1]:9000`)",
      },
      "http-token-env": {
        type: "string",
        value: "NAME",
        default: "AXIOM_HTTP_TOKEN",
        help: "environment variable holding the HTTP bearer token; only with --http",
      },
    },
    examples: [
      { command: "axiom mcp --root .", note: "serve this directory over stdio" },
      { command: "axiom mcp --root /srv/repo --http 127.0.0.1:8080", note: "serve over HTTP on loopback" },
    ],
    load: () => import("./verbs/mcp"),
  },
  init: {
    summary: "wire a repository: MCP server entries, gate hooks and a profile for each harness",
    group: "set up",
    usage: ["axiom init [--harness <name>] [options]", "axiom setup init [options]"],
    positionals: { min: 0, max: 0 },
    flags: {
      root: root("the repository to wire", { default: "." }),
      harness: {
        type: "string",
        value: "name",
        choices: ["auto", ...HARNESSES],
        default: "auto",
        help: "the harness to wire; auto picks one per marker directory (.claude, .codex, …)",
      },
      "profile-name": { type: "string", value: "name", help: "name of the repository profile to write" },
      route: {
        type: "string",
        value: "mode",
        choices: ROUTES,
        default: "all",
        help: "all: deny native edits inside the root and point at axiom_write; protected: only protected paths",
      },
      "require-human": {
        type: "boolean",
        help: "start every server entry with --require-human",
        default: "only for harnesses whose client can ask a person",
      },
      "no-require-human": { type: "boolean", help: "start no server entry with --require-human" },
      force: { type: "boolean", help: "rewrite AXIOM's entries that differ from what init would write" },
      json,
    },
    examples: [
      { command: "axiom init", note: "wire the harnesses found in this directory" },
      { command: "axiom init --harness claude --route protected" },
    ],
    load: () => import("./verbs/init"),
  },
  doctor: {
    summary: "check that the wiring init wrote works: servers start, hooks run, profile in force",
    group: "set up",
    usage: ["axiom doctor [--root <dir>] [--json]", "axiom setup doctor [options]"],
    positionals: { min: 0, max: 0 },
    flags: { root: root("the repository to check", { default: "." }), json },
    examples: [{ command: "axiom doctor" }],
    load: () => import("./verbs/doctor"),
  },
  compile: {
    summary: "compile a Plan (JSON, YAML or .axm) into a content-addressed ManifestBundle",
    group: "change files",
    usage: ["axiom compile <plan> [-o <file>] [--root <dir>] [options]"],
    positionals: { min: 1, max: 1 },
    flags: {
      out: outFile("write the bundle to <file> and print a summary"),
      store: {
        type: "string",
        value: "where",
        choices: ["inline", "cas"],
        default: "inline",
        help: "keep file contents in the bundle, or in <root>/.axiom/cas",
      },
      root: root("the repository the plan is for: records pre-images and stores the bundle"),
      "allow-net": { type: "boolean", help: "let `ref` sources not in the CAS be fetched over https" },
      "net-allow": {
        type: "string",
        multiple: true,
        value: "hosts",
        help: "hosts a fetch may reach (comma-separated, *.example.com); needs --allow-net",
      },
      "allow-file": { type: "boolean", help: "permit file: refs (with --allow-net)" },
      emitter,
      json: jsonDoc,
    },
    examples: [
      { command: "axiom compile plan.json --root . -o plan.bundle.json" },
      { command: "axiom compile plan.axm > bundle.json" },
    ],
    load: () => import("./verbs/compile"),
  },
  check: {
    summary: "run a profile's checks over a bundle against a root",
    group: "change files",
    usage: ["axiom check <bundle.json> --root <dir> [options]"],
    positionals: { min: 1, max: 1 },
    flags: {
      root: root("the repository to check against (required)"),
      profile: cliProfile,
      "allow-guards": allowGuards,
      "guard-allowlist": guardAllowlist,
      json,
    },
    examples: [{ command: "axiom check plan.bundle.json --root ." }],
    load: () => import("./verbs/check"),
  },
  apply: {
    summary: "write a bundle to a root with a two-phase commit (or preview it with --dry-run)",
    group: "change files",
    usage: ["axiom apply <bundle.json> --root <dir> (--dry-run | --confirm <digest>) [options]"],
    positionals: { min: 1, max: 1 },
    flags: {
      root: root("the repository to write (required)"),
      "dry-run": { type: "boolean", help: "show what would change, write nothing outside .axiom/" },
      confirm: {
        type: "string",
        value: "digest",
        help: "the bundle's manifestDigest, echoed to say yes (required without --dry-run)",
      },
      profile: cliProfile,
      pr: { type: "boolean", help: "commit to a new git branch in a worktree; the working tree is untouched" },
      branch: { type: "string", value: "name", default: "axiom/<name>/<hex12>", help: "branch name (with --pr)" },
      "commit-message": { type: "string", value: "text", help: "commit message (with --pr)" },
      message: { type: "string", value: "text", help: "alias of --commit-message" },
      "lock-timeout": {
        type: "string",
        value: "ms",
        integer: { min: 0, max: LOCK_TIMEOUT_MAX_MS },
        default: String(LOCK_TIMEOUT_DEFAULT_MS),
        help: "how long to wait for the root's lock",
      },
      "keep-backups": {
        type: "string",
        value: "n",
        integer: { min: 0, max: KEEP_BACKUPS_MAX },
        default: String(KEEP_BACKUPS_DEFAULT),
        help: "backup sets of earlier applies to keep",
      },
      "allow-guards": allowGuards,
      "guard-allowlist": guardAllowlist,
      json: jsonDoc,
    },
    examples: [
      { command: "axiom apply plan.bundle.json --root . --dry-run", note: "preview the diff" },
      { command: "axiom apply plan.bundle.json --root . --confirm sha256:<digest>" },
    ],
    load: () => import("./verbs/apply"),
  },
  rollback: {
    summary: "undo an applied bundle, restoring the files from its backups",
    group: "change files",
    usage: ["axiom rollback <digest> --root <dir> [--force]"],
    positionals: { min: 1, max: 1 },
    flags: {
      root: root("the repository the bundle was applied to (required)"),
      force: { type: "boolean", help: "roll back even if a file changed since the apply (the change is lost)" },
      json: jsonDoc,
    },
    examples: [{ command: "axiom rollback sha256:<digest> --root ." }],
    load: () => import("./verbs/rollback"),
  },
  status: {
    summary: "show a root's write state: lock, queue, interrupted applies, last apply, chain",
    group: "history",
    usage: ["axiom status [--root <dir>] [--json]"],
    positionals: { min: 0, max: 0 },
    flags: { root: root("the repository", { default: "." }), json },
    examples: [{ command: "axiom status" }],
    load: () => import("./verbs/status"),
  },
  log: {
    summary: "list the applied history, newest first",
    group: "history",
    usage: ["axiom log [--root <dir>] [-n <n>] [--json]"],
    positionals: { min: 0, max: 0 },
    flags: {
      root: root("the repository", { default: "." }),
      limit: {
        type: "string",
        short: "n",
        value: "n",
        integer: { min: 1, max: 100_000 },
        help: "how many entries to show",
      },
      json,
    },
    examples: [{ command: "axiom log -n 5" }],
    load: () => import("./verbs/log"),
  },
  verify: {
    summary: "verify a bundle's structure and signatures, a tree against it, or the journal chain",
    group: "inspect",
    usage: [
      "axiom verify <bundle.json> [--root <dir>]",
      "axiom verify <bundle.json> --tree <dir> [--pre] [--attest <out.json>]",
      "axiom verify --journal --root <dir>",
    ],
    positionals: { min: 0, max: 1 },
    flags: {
      root: root("also check signatures against <dir>/.axiom/trust/keys.json (with --journal: the root)"),
      journal: { type: "boolean", help: "verify the root's journal hash chain instead of a bundle" },
      tree: { type: "string", value: "dir", help: "check that <dir> holds the bundle's files" },
      pre: { type: "boolean", help: "with --tree: check the files as they were before the apply" },
      attest: { type: "string", value: "out.json", help: "with --tree: write an attestation when the tree matches" },
      json: jsonDoc,
    },
    examples: [{ command: "axiom verify plan.bundle.json --root ." }, { command: "axiom verify --journal --root ." }],
    load: () => import("./verbs/verify"),
  },
  diff: {
    summary: "compare the manifests of two bundles",
    group: "inspect",
    usage: ["axiom diff <a.json> <b.json>"],
    positionals: { min: 2, max: 2 },
    flags: { json: jsonDoc },
    examples: [{ command: "axiom diff old.bundle.json new.bundle.json" }],
    load: () => import("./verbs/diff"),
  },
  snapshot: {
    summary: "record a root's files (paths, sizes, digests) as a RepoSnapshot",
    group: "inspect",
    usage: ["axiom snapshot --root <dir> [-o <file>] [options]"],
    positionals: { min: 0, max: 0 },
    flags: {
      root: root("the directory to record (required)"),
      out: outFile("write the snapshot to <file> and print a summary"),
      include: { type: "string", multiple: true, value: "glob", help: "record only matching paths; repeatable" },
      exclude: { type: "string", multiple: true, value: "glob", help: "skip matching paths; repeatable" },
      "max-files": {
        type: "string",
        value: "n",
        integer: { min: 0, max: Number.MAX_SAFE_INTEGER },
        help: "stop after this many files",
      },
      "max-bytes": {
        type: "string",
        value: "n",
        integer: { min: 0, max: Number.MAX_SAFE_INTEGER },
        help: "stop after this many bytes",
      },
      "no-gitignore": { type: "boolean", help: "record files .gitignore excludes too" },
      "no-digest": { type: "boolean", help: "skip content digests (faster)" },
      json: jsonDoc,
    },
    examples: [{ command: "axiom snapshot --root . -o before.json" }],
    load: () => import("./verbs/snapshot"),
  },
  "snapshot-diff": {
    summary: "compare two snapshots",
    group: "inspect",
    usage: ["axiom snapshot-diff <a.json> <b.json>"],
    positionals: { min: 2, max: 2 },
    flags: {},
    examples: [{ command: "axiom snapshot-diff before.json after.json" }],
    load: () => import("./verbs/snapshot-diff"),
  },
  schema: {
    summary: "print the JSON Schema of a document kind",
    group: "inspect",
    usage: ["axiom schema <kind>"],
    positionals: { min: 1, max: 1 },
    flags: {},
    examples: [{ command: "axiom schema Plan", note: `kinds: ${SCHEMA_KIND_LIST}` }],
    load: () => import("./verbs/schema"),
  },
  emitters: {
    summary: "list the template emitters loaded with --emitter",
    group: "inspect",
    usage: ["axiom emitters [--emitter <spec>]… [--json]"],
    positionals: { min: 0, max: 0 },
    flags: { emitter, json },
    examples: [{ command: "axiom emitters --emitter @codai/axiom-emitters-web" }],
    load: () => import("./verbs/emitters"),
  },
  keygen: {
    summary: "create an Ed25519 signing key file",
    group: "signing",
    usage: ["axiom keygen [--out <dir>] [--name <label>]"],
    positionals: { min: 0, max: 0 },
    flags: {
      out: { type: "string", value: "dir", default: ".", help: "directory for the key file" },
      name: { type: "string", value: "label", help: "a label stored with the key (1 to 200 characters)" },
    },
    examples: [{ command: "axiom keygen --out ~/.axiom-keys --name ci" }],
    load: () => import("./verbs/keygen"),
  },
  sign: {
    summary: "add a signature to a bundle (key file, or keyless with --keyless)",
    group: "signing",
    usage: [
      "axiom sign <bundle.json> [--key-file <path>] [-o <file>] [--root-id <id>]",
      "axiom sign <bundle.json> --keyless [--bound --root <dir> | --root-id <id>] [-o <file>]",
    ],
    positionals: { min: 1, max: 1 },
    flags: {
      "key-file": { type: "string", value: "path", help: "the key file", default: "the key in $AXIOM_SIGNING_KEY" },
      out: outFile("write the signed bundle to <file> instead of in place"),
      "root-id": { type: "string", value: "id", help: "bind the signature to a root id" },
      keyless: { type: "boolean", help: "sign with a Sigstore OIDC identity instead of a key" },
      bound: { type: "boolean", help: "with --keyless: bind to --root's root id" },
      root: root("with --keyless --bound: the root whose id is bound"),
    },
    examples: [{ command: "axiom sign plan.bundle.json --key-file ci.key" }],
    load: () => import("./verbs/sign"),
  },
  trust: {
    summary: "manage a root's trusted signing keys and root id",
    group: "signing",
    usage: [
      "axiom trust add <pubkey.json> --root <dir>",
      "axiom trust remove <keyid> --root <dir>",
      "axiom trust list --root <dir>",
      "axiom trust root-id [<id> | --clear] --root <dir>",
    ],
    positionals: { min: 1, max: 2 },
    flags: {
      root: root("the repository whose .axiom/trust/keys.json to edit (required)"),
      clear: { type: "boolean", help: "with root-id: remove the root id" },
    },
    examples: [{ command: "axiom trust add ci.pub.json --root ." }, { command: "axiom trust list --root ." }],
    load: () => import("./verbs/trust"),
  },
  gate: {
    summary: "the hook a harness runs before each native tool call (reads the call on stdin)",
    group: "set up",
    usage: ["axiom gate --stdin [options]"],
    positionals: { min: 0, max: 0 },
    help: false,
    flags: {
      stdin: gateFlag("stdin", { help: "read the hook payload from stdin (required)" }),
      root: gateFlag("root", { value: "dir", help: "the root to guard", default: "found upward from the cwd" }),
      profile: gateFlag("profile", { value: "file", help: "a gate-profile file", default: AXIOM_REL.gateProfile }),
      "fail-open": gateFlag("fail-open", { help: "allow (with a warning) where the gate would deny out of doubt" }),
      "no-shell-scan": gateFlag("no-shell-scan", { help: "allow shell tools without scanning the command" }),
      "no-root-discovery": gateFlag("no-root-discovery", { help: "the root is the cwd; no upward walk" }),
      "log-level": gateFlag("log-level", {
        value: "level",
        default: "warn",
        help: "stderr verbosity: error, warn, info or debug (another value means warn)",
      }),
      strict: gateFlag("strict", { help: "accepted and ignored (fail-closed is the default)" }),
      harness: gateFlag("harness", {
        value: "name",
        choices: HARNESSES,
        help: "the calling harness, so the deny uses its output format",
      }),
      route: gateFlag("route", {
        value: "mode",
        choices: ROUTES,
        help: "all: deny native writes inside the root and point at axiom_write; protected: only protected paths",
        default: "the gate profile's",
      }),
    },
    examples: [{ command: "axiom gate --stdin --harness claude --route all", note: "as written by axiom init" }],
    load: () => import("./verbs/gate"),
  },
  gc: {
    summary: "delete CAS blobs no stored manifest references",
    group: "maintenance",
    usage: ["axiom gc --root <dir> [--dry-run] [--older-than <age>] [--keep <what>]"],
    positionals: { min: 0, max: 0 },
    flags: {
      root: root("the repository (required)"),
      "dry-run": { type: "boolean", help: "report what would be deleted, delete nothing" },
      "older-than": { type: "string", value: "age", help: "only blobs older than <n>ms|s|m|h|d (e.g. 7d)" },
      keep: {
        type: "string",
        value: "what",
        choices: ["all-manifests", "journal"],
        default: "all-manifests",
        help: "keep blobs of every stored manifest, or only of journaled applies",
      },
      json: jsonDoc,
    },
    examples: [{ command: "axiom gc --root . --dry-run" }],
    load: () => import("./verbs/gc"),
  },
  migrate: {
    summary: "convert an AXIOM v1 manifest into a v2 Plan",
    group: "maintenance",
    usage: ["axiom migrate v1 <manifest.json> [-o <plan.json>] [options]"],
    positionals: { min: 2, max: 2 },
    flags: {
      out: outFile("write the Plan to <file> and print the report"),
      profile: { type: "string", value: "name", help: "the profile written into the Plan" },
      cas: { type: "string", value: "root", help: "a root whose CAS holds the v1 contents" },
      content: { type: "string", value: "dir", help: "directory holding the v1 contents", default: "the manifest's" },
      name: { type: "string", value: "kebab", help: "the Plan's name" },
      overwrite: { type: "boolean", help: "write artifacts as overwrite instead of create" },
    },
    examples: [{ command: "axiom migrate v1 old.manifest.json -o plan.json" }],
    load: () => import("./verbs/migrate"),
  },
};
