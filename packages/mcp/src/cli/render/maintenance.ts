// Text forms of `axiom migrate` and `axiom snapshot-diff` (issue 21): what was migrated or what
// differs, bounded so a large manifest or tree does not flood the terminal, and what to run next.
// The JSON documents are unchanged.
import type { Style } from "./style";
import { count, printable, shellArg } from "./words";

/** Lines of paths or dropped fields a text form lists before it says how many more `--json` has. */
export const TEXT_LIST_MAX = 20;

function bounded(lines: string[], noun: string): string[] {
  if (lines.length <= TEXT_LIST_MAX) return lines;
  const more = lines.length - TEXT_LIST_MAX;
  return [...lines.slice(0, TEXT_LIST_MAX), `  … and ${more} more ${noun} (--json lists them all)`];
}

interface MigrateReportLike {
  ok: boolean;
  artifacts: { total: number; inline: number; cas: number; unresolved: number; skipped: number };
  checks: number;
  dropped: { field: string; reason: string }[];
  warnings: string[];
}

export function renderMigrate(
  r: { source: string; name: string; report: MigrateReportLike; out?: string },
  style: Style,
): string {
  const a = r.report.artifacts;
  const parts = [`${a.inline} inline`, `${a.cas} cas`];
  if (a.unresolved > 0) parts.push(`${a.unresolved} unresolved`);
  const skipped = a.skipped > 0 ? `, ${count(a.skipped, "directory", "directories")} skipped` : "";
  const head = r.report.ok ? style.green("MIGRATED") : style.yellow("MIGRATED WITH WARNINGS");
  const lines = [
    `${head} v1 ${printable(r.source)} → Plan ${printable(r.name)}: ${count(a.total - a.skipped, "artifact")} (${parts.join(", ")})${skipped}, ${count(r.report.checks, "check")}`,
  ];
  const warnings = r.report.warnings.map((w) => `  ${style.yellow("warning")}: ${printable(w)}`);
  lines.push(...bounded(warnings, "warnings"));
  const dropped = r.report.dropped.map((d) => `  dropped ${printable(d.field)}: ${d.reason}`);
  lines.push(...bounded(dropped, "dropped fields"));
  if (a.unresolved > 0) lines.push("  unresolved artifacts carry only a hash: give --content <dir> or --cas <root>");
  if (r.out === undefined) {
    lines.push("  the Plan itself: add -o <plan.json> to write it, or --json to print it");
    return `${lines.join("\n")}\n`;
  }
  lines.push(`  wrote ${printable(r.out)}`, "next:", `  axiom compile ${shellArg(r.out)} --root . -o plan.bundle.json`);
  return `${lines.join("\n")}\n`;
}

export function renderSnapshotDiff(
  r: { added: string[]; removed: string[]; changed: { path: string }[] },
  names: { a: string; b: string },
  style: Style,
): string {
  if (r.added.length + r.removed.length + r.changed.length === 0) {
    return `${style.green("no difference")}: ${printable(names.a)} and ${printable(names.b)} list the same paths with the same contents and modes\n`;
  }
  const span = `${printable(names.a)} → ${printable(names.b)}`;
  const head = `${style.bold("SNAPSHOT DIFF")} ${span}: ${r.added.length} added, ${r.removed.length} removed, ${r.changed.length} changed`;
  const paths = [
    ...r.added.map((p) => `  ${style.green("added  ")} ${printable(p)}`),
    ...r.removed.map((p) => `  ${style.red("removed")} ${printable(p)}`),
    ...r.changed.map((c) => `  ${style.yellow("changed")} ${printable(c.path)}`),
  ];
  return `${[head, ...bounded(paths, "paths")].join("\n")}\n`;
}
