// The change view: what one bundle changes — its files with create/overwrite/delete badges and
// +/− counts, each file's diff (opened on demand: a change may hold 1,000 files), the findings on
// their files and lines, the profile, and the digest with the 12-character prefix a person confirms.
import { getJson } from "./api";
import { type DiffStyle, renderDiff } from "./diff-view";
import { badge, h } from "./dom";
import type { ChangeFile, ChangeView, Finding } from "./types";

/** Files whose diff is rendered at once; the rest when opened. */
const OPEN_AT_START = 10;

let style: DiffStyle = "line-by-line";
let current: { view: ChangeView; app: HTMLElement } | undefined;

function findingItem(f: Finding): HTMLElement {
  return h(
    "li",
    { class: `finding finding-${f.severity}`, "data-testid": "finding" },
    badge(f.severity, f.severity),
    " ",
    h("code", {}, f.id),
    f.line !== undefined ? ` line ${f.line}` : "",
    ` — ${f.message}`,
  );
}

function fileSection(file: ChangeFile, i: number): HTMLElement {
  const body = h("div", { class: "file-body" });
  const details = h(
    "details",
    { class: "file", id: `file-${i}`, "data-testid": "file", "data-path": file.path },
    h(
      "summary",
      { "data-nav": "" },
      badge(file.op, file.op),
      " ",
      h("span", { class: "path" }, file.path),
      " ",
      h("span", { class: "added" }, `+${file.added}`),
      " ",
      h("span", { class: "removed" }, `−${file.removed}`),
      file.findings.length > 0
        ? badge("error", `${file.findings.length} finding${file.findings.length > 1 ? "s" : ""}`)
        : "",
    ),
    file.findings.length > 0 ? h("ul", { class: "findings" }, ...file.findings.map(findingItem)) : "",
    body,
  );
  const render = () => {
    if (details.open && body.dataset.style !== style) {
      renderDiff(body, file, style);
      body.dataset.style = style;
    }
  };
  details.addEventListener("toggle", render);
  if (i < OPEN_AT_START) details.open = true;
  return details;
}

function digestLine(view: ChangeView): HTMLElement {
  const rest = view.digest.slice(7 + view.prefix.length);
  return h(
    "p",
    { class: "digest" },
    "manifest ",
    h(
      "code",
      { "data-testid": "digest" },
      "sha256:",
      h("mark", { "data-testid": "prefix", title: "confirmation prefix" }, view.prefix),
      rest,
    ),
  );
}

function styleToggle(): HTMLElement {
  const button = (value: DiffStyle, label: string) => {
    const b = h("button", { type: "button", "aria-pressed": String(style === value), "data-style": value }, label);
    b.addEventListener("click", () => setDiffStyle(value));
    return b;
  };
  return h(
    "div",
    { class: "toggle", role: "group", "aria-label": "diff layout" },
    button("line-by-line", "Unified"),
    button("side-by-side", "Side by side"),
  );
}

export function setDiffStyle(next: DiffStyle): void {
  style = next;
  if (current) draw(current.app, current.view);
}

export function toggleDiffStyle(): void {
  if (current) setDiffStyle(style === "line-by-line" ? "side-by-side" : "line-by-line");
}

const STATE_TEXT: Record<ChangeView["state"], string> = {
  applied: "applied",
  pending: "pending preview",
  "rolled-back": "rolled back",
  failed: "failed",
};

function draw(app: HTMLElement, view: ChangeView): void {
  const added = view.files.reduce((n, f) => n + f.added, 0);
  const removed = view.files.reduce((n, f) => n + f.removed, 0);
  const meta = h(
    "dl",
    { class: "meta" },
    h("dt", {}, "state"),
    h(
      "dd",
      {},
      badge(view.state, STATE_TEXT[view.state]),
      view.seqs.length > 0 ? ` chain ${view.seqs.map((s) => `#${s}`).join(", ")}` : "",
    ),
    h("dt", {}, "profile"),
    h("dd", { "data-testid": "profile" }, view.profile),
    h("dt", {}, "checks"),
    h(
      "dd",
      { "data-testid": "verdict" },
      view.verdict === undefined ? "no stored report" : `${view.verdict} (${view.reportProfile})`,
    ),
    h("dt", {}, "files"),
    h(
      "dd",
      {},
      `${view.files.length} files, `,
      h("span", { class: "added" }, `+${added}`),
      " ",
      h("span", { class: "removed" }, `−${removed}`),
    ),
  );
  const parts: (HTMLElement | string)[] = [
    h("p", {}, h("a", { href: "#/", "data-key": "Escape" }, "← timeline")),
    h("h1", { "data-testid": "intent" }, view.intent),
    digestLine(view),
    meta,
  ];
  if (view.rollback)
    parts.push(
      h("p", {}, "To undo it, run:"),
      h("pre", { class: "command", "data-testid": "rollback" }, view.rollback),
    );
  if (view.findings.length > 0)
    parts.push(h("h2", {}, "Findings"), h("ul", { class: "findings" }, ...view.findings.map(findingItem)));
  parts.push(h("h2", {}, "Files"), styleToggle(), h("div", { class: "files" }, ...view.files.map(fileSection)));
  app.replaceChildren(...parts);
}

export async function renderChange(app: HTMLElement, hex: string): Promise<void> {
  const view = await getJson<ChangeView>(`/api/change/${hex}`);
  current = { view, app };
  draw(app, view);
}

export function leaveChange(): void {
  current = undefined;
}
