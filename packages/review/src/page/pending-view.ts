// Pending previews: stored bundles no apply has used yet — exactly what a confirm form is about
// to ask about, each opening its change view.
import { getJson } from "./api";
import { age, h } from "./dom";
import type { PendingRow } from "./types";

export async function renderPending(app: HTMLElement): Promise<void> {
  const { rows } = await getJson<{ rows: PendingRow[] }>("/api/pending");
  const table = h(
    "table",
    { class: "pending", "aria-label": "pending previews" },
    h(
      "thead",
      {},
      h("tr", {}, ...["ref", "stored", "intent", "profile", "files"].map((c) => h("th", { scope: "col" }, c))),
    ),
    h(
      "tbody",
      {},
      ...rows.map((r) =>
        h(
          "tr",
          { "data-testid": "pending-row" },
          h("td", {}, h("a", { href: `#/change/${r.digest.slice(7)}`, "data-nav": "" }, h("code", {}, r.ref))),
          h("td", {}, h("time", { datetime: r.at, title: r.at }, age(r.at))),
          h("td", {}, r.intent ?? "—"),
          h("td", {}, r.profile ?? "—"),
          h("td", { class: "num" }, r.files),
        ),
      ),
    ),
  );
  app.replaceChildren(
    h("h1", {}, "Pending previews"),
    rows.length === 0 ? h("p", { class: "muted" }, "No preview is waiting.") : table,
  );
}
