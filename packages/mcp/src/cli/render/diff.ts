// A unified diff for a terminal (issue 21): additions green, removals red, hunk headers cyan, file
// headers bold. Without colour the text is the diff itself, byte for byte.
import type { Style } from "./style";
import { printable } from "./words";

export function renderDiff(diff: string, style: Style): string {
  const lines = diff.endsWith("\n") ? diff.slice(0, -1).split("\n") : diff.split("\n");
  return lines
    .map((raw) => {
      const line = printable(raw);
      if (line.startsWith("+++") || line.startsWith("---") || line.startsWith("diff --axiom")) return style.bold(line);
      if (line.startsWith("@@")) return style.cyan(line);
      if (line.startsWith("+")) return style.green(line);
      if (line.startsWith("-")) return style.red(line);
      return line;
    })
    .join("\n");
}
