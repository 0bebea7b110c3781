// The text form of `axiom apply` (issue 21). A dry run is a coloured unified diff, a summary line
// ("DRY RUN: 1 create, 1 overwrite — nothing written") and the exact command that applies it; its
// files say `planned`, because nothing was written (the JSON keeps the ApplyResult's own words).
import type { ApplyResult } from "@codai/axiom-schema";
import { renderDiff } from "./diff";
import { hintFor } from "./hints";
import type { Style } from "./style";
import { count, printable, shellArg, shortRef } from "./words";

export interface ApplyTextContext {
  /** The bundle file and the root as the person typed them, for the next command. */
  bundleArg: string;
  rootArg: string;
  name: string;
  style: Style;
}

const OPS = ["create", "overwrite", "delete"] as const;

function opSummary(result: ApplyResult): string {
  const parts = OPS.map((op) => [op, result.files.filter((f) => f.op === op).length] as const)
    .filter(([, n]) => n > 0)
    .map(([op, n]) => `${n} ${op}`);
  return parts.length > 0 ? parts.join(", ") : "no change";
}

function fileLines(result: ApplyResult, word: (status: string) => string): string[] {
  return result.files.map((f) => `  ${word(f.status).padEnd(9)} ${f.op.padEnd(9)} ${printable(f.path)}`);
}

export function renderApply(result: ApplyResult, ctx: ApplyTextContext): string {
  const { style } = ctx;
  const head = `${printable(ctx.name)} ${result.manifestDigest}`;
  const lines: string[] = [];
  if (result.status === "failed" || result.status === "rolled-back") {
    const error = result.error;
    lines.push(`${style.red(result.status === "failed" ? "FAILED" : "ROLLED BACK")} ${head}`);
    if (error) {
      lines.push(`  ${error.code}${error.path ? ` ${printable(error.path)}` : ""}: ${printable(error.message)}`);
      const hint = hintFor(error.code, error.details);
      if (hint) lines.push(`  hint: ${hint}`);
    }
    if (result.status === "rolled-back") lines.push("  nothing was changed: every file is back as it was");
    return `${lines.join("\n")}\n`;
  }
  if (result.mode === "dry-run") {
    lines.push(`${style.yellow("DRY RUN")} ${head}`);
    lines.push(...fileLines(result, (s) => (s === "unchanged" ? "unchanged" : "planned")));
    if (result.diff) lines.push("", renderDiff(result.diff, style), "");
    lines.push(`${style.yellow("DRY RUN")}: ${opSummary(result)} — nothing written`);
    const confirm = [
      "axiom",
      "apply",
      ctx.bundleArg,
      "--root",
      ctx.rootArg,
      "--confirm",
      shortRef(result.manifestDigest),
    ];
    lines.push("apply it with:", `  ${confirm.map(shellArg).join(" ")}`);
    return `${lines.join("\n")}\n`;
  }
  if (result.status === "noop") {
    lines.push(`${style.green("NOTHING TO DO")} ${head}`, "  the tree already holds every file of this change");
    return `${lines.join("\n")}\n`;
  }
  const where = result.mode === "pr" && result.git ? ` on branch ${printable(result.git.branch)}` : "";
  lines.push(`${style.green("APPLIED")} ${head}${where} (${count(result.files.length, "file")})`);
  lines.push(...fileLines(result, (s) => s));
  if (result.git?.compareUrl) lines.push(`open a pull request: ${result.git.compareUrl}`);
  if (result.mode === "fs") {
    const undo = ["axiom", "rollback", shortRef(result.manifestDigest), "--root", ctx.rootArg];
    lines.push(`undo it with: ${undo.map(shellArg).join(" ")}`);
  }
  return `${lines.join("\n")}\n`;
}
