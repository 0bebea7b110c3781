// The text form of `axiom rollback` (issue 21): what was undone file by file, or that there was
// nothing left to undo because the change had already been rolled back.
import type { RollbackChange } from "@codai/axiom-workflow";
import type { Style } from "./style";
import { count, printable, shortRef } from "./words";

const UNDO: Record<string, string> = { create: "removed", overwrite: "restored", delete: "restored" };

export function renderRollback(change: RollbackChange, style: Style): string {
  const { output } = change;
  const which = `${change.seq !== undefined ? `#${change.seq} ` : ""}${shortRef(output.manifestDigest)}`;
  if (change.already) {
    return `${style.yellow("already rolled back")}: ${which} was undone before; nothing changed\n`;
  }
  const lines = [`${style.green("ROLLED BACK")} ${which} (${count(output.steps.length, "file")})`];
  for (const step of output.steps) lines.push(`  ${(UNDO[step.op] ?? step.op).padEnd(9)} ${printable(step.path)}`);
  return `${lines.join("\n")}\n`;
}
