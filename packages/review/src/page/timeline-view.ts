// The timeline: the chain health mark, then one row per entry, newest first, a page at a time
// (the cursor in the hash, `#/?before=<seq>`).
import { getJson } from "./api";
import { age, badge, h } from "./dom";
import type { ChainHealth, TimelinePage, TimelineRow } from "./types";

export function healthMark(health: ChainHealth): HTMLElement {
  if (health.ok)
    return h("p", { class: "health health-ok", "data-testid": "health" }, `✓ chain intact — ${health.entries} entries`);
  const bad = health.firstBad;
  return h(
    "p",
    { class: "health health-bad", "data-testid": "health", role: "alert" },
    bad
      ? `✗ chain broken at entry #${bad.seq} (${bad.reason}); entries from #${bad.seq} on are not shown`
      : "✗ chain broken",
  );
}

function stateCell(row: TimelineRow): HTMLElement {
  const td = h("td", { class: "state" });
  if (row.state === "applied") td.append(badge("applied", "applied"));
  else if (row.state === "failed") td.append(badge("failed", row.code ? `failed ${row.code}` : "failed"));
  else if (row.state === "undone") {
    td.append(
      badge("undone", "undone"),
      " by ",
      h("a", { href: `#/?before=${(row.undoneBy ?? 0) + 1}` }, `#${row.undoneBy}`),
    );
  } else {
    td.append(badge("rolled-back", "rolled back"));
    if (row.undid)
      td.append(" undid ", h("a", { href: `#/?before=${row.undid + 1}`, "data-testid": "undid" }, `#${row.undid}`));
  }
  return td;
}

function rowOf(row: TimelineRow): HTMLElement {
  return h(
    "tr",
    { "data-seq": String(row.seq), "data-testid": "timeline-row" },
    h(
      "td",
      { class: "ref" },
      h("a", { href: `#/change/${row.digest.slice(7)}`, "data-nav": "" }, h("code", {}, row.ref)),
    ),
    h("td", { class: "seq" }, `#${row.seq}`),
    h("td", { class: "age" }, h("time", { datetime: row.at, title: row.at }, age(row.at))),
    stateCell(row),
    h("td", { class: "intent" }, row.intent ?? "—"),
    h("td", { class: "origin" }, row.origin ?? "—"),
    h("td", { class: "files num" }, row.files),
  );
}

export async function renderTimeline(app: HTMLElement, before: number | undefined): Promise<void> {
  const page = await getJson<TimelinePage>("/api/timeline", { before, limit: 50 });
  const table = h(
    "table",
    { class: "timeline", "aria-label": "timeline" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ...["ref", "seq", "age", "state", "intent", "origin", "files"].map((c) => h("th", { scope: "col" }, c)),
      ),
    ),
    h("tbody", {}, ...page.rows.map(rowOf)),
  );
  const pager = h("nav", { class: "pager", "aria-label": "pages" });
  if (before !== undefined) pager.append(h("a", { href: "#/", "data-key": "[" }, "← newest"));
  if (page.next !== undefined) pager.append(h("a", { href: `#/?before=${page.next}`, "data-key": "]" }, "older →"));
  const empty = page.rows.length === 0 ? h("p", { class: "muted" }, "No applies yet.") : undefined;
  app.replaceChildren(
    h("h1", {}, "Timeline"),
    healthMark(page.health),
    h("p", { class: "muted" }, `${page.total} entries`),
    empty ?? table,
    pager,
  );
}
