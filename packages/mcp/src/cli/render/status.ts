// The text form of `axiom status` (issue 21): first where the tree stands relative to AXIOM's
// history, then the §9.1 lines (lock, queue, intents, interrupted, chain) unchanged. The §9.1
// `last applied` line is replaced by the standing, which knows about rollbacks.
import { formatStatusText, type StatusView } from "@codai/axiom-workflow";
import type { Style } from "./style";
import { printable } from "./words";

function named(seq: number, name?: string): string {
  return `#${seq}${name ? ` ${printable(name)}` : ""}`;
}

export function standingLine(view: StatusView, style: Style): string {
  const s = view.standing;
  switch (s.kind) {
    case "none":
      return `${style.green("clean")}: no change applied through AXIOM yet`;
    case "rolled-back":
      return `${style.green("clean")}: the last change ${named(s.seq, s.name)} was rolled back (by #${s.undoneBy})`;
    case "failed":
      return `${style.yellow("unchanged")}: the last apply ${named(s.seq, s.name)} failed and changed nothing`;
    case "applied":
      return s.changed.length === 0
        ? `${style.green("clean")}: the last change ${named(s.seq, s.name)} is applied and the files still hold it`
        : `${style.yellow("edited")}: ${s.changed.map(printable).join(", ")} changed since the last change ${named(s.seq, s.name)}`;
  }
}

export function renderStatus(view: StatusView, colour: boolean, style: Style): string {
  const body = formatStatusText(view.doc, colour)
    .split("\n")
    .filter((line) => !line.startsWith("last applied"));
  return `${standingLine(view, style)}\n${body.join("\n")}`;
}
