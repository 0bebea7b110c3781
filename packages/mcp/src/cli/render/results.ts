// Text forms of the verbs whose result is a small document (issue 21): compile, verify, verify
// --journal, gc, snapshot. Each says what happened in words and, where there is one, what to run
// next; sizes are in human units. The JSON documents are unchanged.
import type { Style } from "./style";
import { bytes, count, printable, shellArg } from "./words";

export function renderCompile(
  r: { name: string; manifestDigest: string; artifacts: number; out?: string; stored: boolean; rootArg?: string },
  style: Style,
): string {
  const lines = [
    `${style.green("COMPILED")} ${printable(r.name)} ${r.manifestDigest} (${count(r.artifacts, "artifact")})`,
  ];
  if (r.stored) lines.push("  stored under .axiom/manifests (show, rollback and --confirm can name it by a short ref)");
  if (r.out) {
    lines.push(`  wrote ${printable(r.out)}`);
    const root = r.rootArg ?? ".";
    lines.push("next:", `  axiom check ${shellArg(r.out)} --root ${shellArg(root)}`);
    lines.push(`  axiom apply ${shellArg(r.out)} --root ${shellArg(root)} --dry-run`);
  } else {
    lines.push("  the bundle itself: add -o <file> to write it, or --json to print it");
  }
  return `${lines.join("\n")}\n`;
}

interface VerifyLike {
  ok: boolean;
  manifestDigest?: string;
  canonical?: boolean;
  signed?: boolean;
  errors?: { code: string; message: string; path?: string }[];
  signatures?: { ok?: boolean; code?: string } | null;
  note?: string;
}

export function renderVerify(r: VerifyLike, style: Style): string {
  const head = r.ok ? style.green("OK") : style.red("FAIL");
  const facts = [r.canonical ? "canonical" : "not canonical", r.signed ? "signed" : "unsigned"];
  if (r.signatures)
    facts.push(r.signatures.ok ? "signatures trusted" : `signatures refused (${r.signatures.code ?? "?"})`);
  const lines = [`${head} ${r.manifestDigest ?? "(no digest)"} (${facts.join(", ")})`];
  for (const e of r.errors ?? [])
    lines.push(`  ${e.code}${e.path ? ` ${printable(e.path)}` : ""}: ${printable(e.message)}`);
  if (r.note) lines.push(`  note: ${r.note}`);
  return `${lines.join("\n")}\n`;
}

export function renderJournal(
  r: { ok: boolean; entries: number; head: string; firstBad?: { seq: number; reason: string }; missing: string[] },
  style: Style,
): string {
  const lines = r.ok
    ? [`${style.green("chain ok")}: ${count(r.entries, "entry", "entries")}, head ${r.head}`]
    : [
        `${style.red("chain BROKEN")} at #${r.firstBad?.seq} (${r.firstBad?.reason}): ${count(r.entries, "entry", "entries")} before it are intact`,
        "  the entries from there on were edited, removed or reordered by hand; axiom log hides them",
      ];
  if (r.missing.length > 0) lines.push(`  ${count(r.missing.length, "journal")} deleted by hand (their entries stay)`);
  return `${lines.join("\n")}\n`;
}

export function renderGc(
  r: {
    dryRun: boolean;
    scanned: number;
    live: number;
    missing: number;
    removed: unknown[];
    freedBytes: number;
    skippedYoung: number;
  },
  style: Style,
): string {
  const verb = r.dryRun ? "would remove" : "removed";
  const lines = [
    `${style.green(r.dryRun ? "GC DRY RUN" : "GC")}: scanned ${count(r.scanned, "blob")}, ${r.live} in use, ${verb} ${r.removed.length} (${bytes(r.freedBytes)}${r.dryRun ? " would be freed" : " freed"})`,
  ];
  if (r.skippedYoung > 0) lines.push(`  kept ${count(r.skippedYoung, "young blob")} (newer than --older-than)`);
  if (r.missing > 0) {
    lines.push(
      `  ${r.missing} missing: blobs that kept manifests or journals name but the CAS does not hold; an inline bundle carries its own blobs, so this only matters for a --store cas bundle you still mean to apply`,
    );
  }
  return `${lines.join("\n")}\n`;
}

export function renderSnapshot(
  r: { snapshotDigest: string; files: number; bytes: number; truncated: boolean; out?: string; limits?: string },
  style: Style,
): string {
  const lines = [`${style.green("SNAPSHOT")} ${r.snapshotDigest}: ${count(r.files, "file")}, ${bytes(r.bytes)}`];
  if (r.truncated)
    lines.push(
      `  ${style.yellow("truncated")}: ${r.limits ?? "a limit was reached"}; raise --max-files / --max-bytes for the rest`,
    );
  if (r.out) lines.push(`  wrote ${printable(r.out)}`);
  else lines.push("  the document itself: add -o <file> to write it, or --json to print it");
  return `${lines.join("\n")}\n`;
}

export function renderTree(
  r: {
    ok: boolean;
    manifestDigest: string;
    root: string;
    tree: string;
    paths: unknown[];
    mismatches: { path: string; op: string; expected: string; actual: string }[];
    note?: string;
  },
  style: Style,
): string {
  const lines = [
    r.ok
      ? `${style.green("OK")} ${printable(r.root)} holds the ${r.tree}-image of ${r.manifestDigest} (${count(r.paths.length, "path")})`
      : `${style.red("FAIL")} ${printable(r.root)} does not hold the ${r.tree}-image of ${r.manifestDigest}: ${count(r.mismatches.length, "mismatch", "mismatches")}`,
  ];
  for (const m of r.mismatches)
    lines.push(`  ${m.op.padEnd(9)} ${printable(m.path)}: expected ${m.expected}, found ${m.actual}`);
  if (r.note) lines.push(`  note: ${r.note}`);
  return `${lines.join("\n")}\n`;
}
