// The review page (issue 22): a hash router over four read-only views, live re-rendering of the
// list views when the server reports a change, and keyboard navigation.

import { apiUrl } from "./api";
import { leaveChange, renderChange } from "./change-view";
import { h } from "./dom";
import { focusedIndex, installKeys, restoreFocus } from "./keys";
import { renderPending } from "./pending-view";
import { renderStatus } from "./status-view";
import { renderTimeline } from "./timeline-view";

type View =
  | { name: "timeline"; before?: number }
  | { name: "change"; hex: string }
  | { name: "pending" }
  | { name: "status" };

function parseHash(hash: string): View {
  const change = /^#\/change\/([a-f0-9]{64})$/.exec(hash);
  if (change?.[1]) return { name: "change", hex: change[1] };
  if (hash === "#/pending") return { name: "pending" };
  if (hash === "#/status") return { name: "status" };
  const before = /^#\/\?before=([0-9]{1,12})$/.exec(hash);
  return before?.[1] ? { name: "timeline", before: Number(before[1]) } : { name: "timeline" };
}

const app = document.getElementById("app") as HTMLElement;
let view: View = parseHash(location.hash);
let rendering = 0;

async function render(live = false): Promise<void> {
  const ticket = ++rendering;
  const focus = live ? focusedIndex() : -1;
  const v = view;
  if (v.name !== "change") leaveChange();
  try {
    if (v.name === "timeline") await renderTimeline(app, v.before);
    else if (v.name === "change") await renderChange(app, v.hex);
    else if (v.name === "pending") await renderPending(app);
    else await renderStatus(app);
  } catch (err) {
    if (ticket !== rendering) return;
    const code = (err as { code?: string }).code ?? "ERR_INTERNAL";
    app.replaceChildren(
      h("h1", {}, "Cannot show this view"),
      h("p", { "data-testid": "error" }, `${code}: ${(err as Error).message}`),
    );
  }
  if (ticket !== rendering) return;
  for (const a of document.querySelectorAll<HTMLAnchorElement>("header nav a")) {
    a.toggleAttribute("aria-current", a.getAttribute("href") === `#/${v.name === "timeline" ? "" : v.name}`);
  }
  document.title = `AXIOM review — ${v.name}`;
  if (live) restoreFocus(focus);
  else app.focus();
}

window.addEventListener("hashchange", () => {
  view = parseHash(location.hash);
  void render();
});

// Live: the list views re-read when the journal, the previews or the lock change.
const live = document.getElementById("live");
const events = new EventSource(apiUrl("/api/events"));
events.addEventListener("open", () => {
  if (live) live.textContent = "● live";
});
events.addEventListener("error", () => {
  if (live) live.textContent = "○ reconnecting";
});
events.addEventListener("change", () => {
  if (view.name !== "change") void render(true);
});

installKeys();
void render();
