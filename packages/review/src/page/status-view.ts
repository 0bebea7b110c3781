// Status: the lock holder, the queue, the intents, interrupted journals with the exact command that
// recovers each, corrupt journals and the chain.
import { getJson } from "./api";
import { h } from "./dom";
import { healthMark } from "./timeline-view";
import type { StatusView } from "./types";

function lockText(s: StatusView): string {
  if (!s.lock.held) return "free";
  const holder = s.lock.holder;
  if (!holder) return "held (holder unreadable)";
  return `held by pid ${holder.pid}${holder.host ? `@${holder.host}` : ""}${holder.digest ? ` for ${holder.digest}` : ""}${holder.since ? ` since ${holder.since}` : ""}${holder.stale ? " (stale)" : ""}`;
}

const list = (items: HTMLElement[], empty: string) =>
  items.length === 0 ? h("p", { class: "muted" }, empty) : h("ul", {}, ...items);

export async function renderStatus(app: HTMLElement): Promise<void> {
  const s = await getJson<StatusView>("/api/status");
  const commandOf = new Map(s.recovery.map((r) => [r.manifestDigest, r.command]));
  app.replaceChildren(
    h("h1", {}, "Status"),
    h("p", {}, "root ", h("code", {}, s.root)),
    healthMark(s.chain),
    h("h2", {}, "Lock"),
    h("p", { "data-testid": "lock" }, lockText(s)),
    h("h2", {}, `Queue (${s.lock.queue.length})`),
    list(
      s.lock.queue.map((t) => h("li", {}, `pid ${t.pid} since ${t.since}`)),
      "Nobody is waiting.",
    ),
    h("h2", {}, `Intents (${s.lock.intents.length})`),
    list(
      s.lock.intents.map((i) =>
        h("li", {}, h("code", {}, i.digest), ` pid ${i.pid}, ${i.paths.length} paths, since ${i.since}`),
      ),
      "No intent is declared.",
    ),
    h("h2", {}, `Interrupted journals (${s.interrupted.length})`),
    list(
      s.interrupted.map((j) =>
        h(
          "li",
          { "data-testid": "interrupted" },
          h("code", {}, j.manifestDigest),
          ` ${j.phase}, ${j.done}/${j.files} steps done, pid ${j.pid}. Recover with:`,
          h("pre", { class: "command", "data-testid": "recovery" }, commandOf.get(j.manifestDigest) ?? ""),
        ),
      ),
      "None: every apply finished.",
    ),
    s.corrupt.length > 0 ? h("p", { class: "health health-bad" }, `Corrupt journals: ${s.corrupt.join(", ")}`) : "",
  );
}
