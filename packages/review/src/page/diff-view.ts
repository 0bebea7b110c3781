// One file's diff through diff2html (unified or side by side) and its findings placed on their
// lines. diff2html escapes file names and lines itself; bidi controls are made visible in its
// input first (dom.ts `visible`), so no control character reaches the screen.
import { html as diff2html } from "diff2html";
import { h, visible } from "./dom";
import type { ChangeFile, Finding } from "./types";

export type DiffStyle = "line-by-line" | "side-by-side";

/** The new-side line number cells of a rendered diff: the right table in side-by-side view. */
function newSideRows(container: HTMLElement, style: DiffStyle): Map<number, HTMLTableRowElement> {
  const rows = new Map<number, HTMLTableRowElement>();
  if (style === "line-by-line") {
    for (const num of container.querySelectorAll<HTMLElement>(".d2h-code-linenumber .line-num2")) {
      const n = Number(num.textContent?.trim());
      const tr = num.closest("tr");
      if (n > 0 && tr) rows.set(n, tr);
    }
  } else {
    const sides = container.querySelectorAll<HTMLElement>(".d2h-file-side-diff");
    const right = sides[sides.length - 1];
    for (const cell of right?.querySelectorAll<HTMLElement>(".d2h-code-side-linenumber") ?? []) {
      const n = Number(cell.textContent?.trim());
      const tr = cell.closest("tr");
      if (n > 0 && tr) rows.set(n, tr);
    }
  }
  return rows;
}

function placeFindings(container: HTMLElement, style: DiffStyle, findings: Finding[]): void {
  const onLines = findings.filter((f) => f.line !== undefined);
  if (onLines.length === 0) return;
  const rows = newSideRows(container, style);
  for (const f of onLines) {
    const tr = rows.get(f.line as number);
    if (!tr) continue;
    tr.classList.add("finding-line");
    tr.setAttribute("data-finding", f.id);
    const cols = tr.children.length || 2;
    const note = h("tr", { class: "finding-row", "data-testid": "line-finding" });
    note.append(h("td", { colspan: String(cols) }, `⚠ line ${f.line}: ${f.id} — ${f.message}`));
    tr.after(note);
  }
}

export function renderDiff(target: HTMLElement, file: ChangeFile, style: DiffStyle): void {
  if (file.note !== undefined) {
    const text =
      file.note === "binary"
        ? "Binary content: not shown."
        : file.note === "unknown-before"
          ? "The bytes before this change are no longer stored (backup pruned): no diff."
          : "The new bytes are not stored: no diff.";
    target.replaceChildren(h("p", { class: "muted" }, text));
    return;
  }
  if (file.unified === "") {
    target.replaceChildren(h("p", { class: "muted" }, "No line changes."));
    return;
  }
  const wrap = h("div", { class: "d2h-host" });
  // diff2html escapes every name and line it renders; this is the page's one HTML insertion.
  wrap.innerHTML = diff2html(visible(file.unified), {
    outputFormat: style,
    drawFileList: false,
    matching: "lines",
    diffMaxChanges: 20000,
  });
  placeFindings(wrap, style, file.findings);
  target.replaceChildren(wrap);
}
