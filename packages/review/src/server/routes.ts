// The route table of the review server: the page, its two assets and the read-only JSON API, each
// a pure function of the root's documents. Unknown paths are 404; failures of the read model are
// the `{code, message, path?, details?}` of the error (ERR_NOT_FOUND for an unknown bundle → 404).
import { isAxiomError, toErrorObject } from "@codai/axiom-schema";
import { pendingPreviews } from "@codai/axiom-workflow";
import { pageAssets } from "../assets";
import { changeView } from "../model/change";
import { statusView } from "../model/status-view";
import { TIMELINE_PAGE_DEFAULT, TIMELINE_PAGE_MAX, timelinePage } from "../model/timeline";
import { pageHtml } from "./html";

export interface Answer {
  status: number;
  type: string;
  body: string;
}

const json = (value: unknown, status = 200): Answer => ({
  status,
  type: "application/json; charset=utf-8",
  body: JSON.stringify(value),
});

function intParam(url: URL, name: string, min: number, max: number): number | undefined {
  const raw = url.searchParams.get(name);
  if (raw === null || !/^[0-9]{1,9}$/.test(raw)) return undefined;
  return Math.min(max, Math.max(min, Number(raw)));
}

const HEX_RE = /^\/api\/change\/([a-f0-9]{64})$/;

async function route(root: string, token: string, url: URL): Promise<Answer> {
  const p = url.pathname;
  if (p === "/") return { status: 200, type: "text/html; charset=utf-8", body: pageHtml(token) };
  if (p === "/app.js") return { status: 200, type: "text/javascript; charset=utf-8", body: (await pageAssets()).js };
  if (p === "/app.css") return { status: 200, type: "text/css; charset=utf-8", body: (await pageAssets()).css };
  if (p === "/api/timeline") {
    const limit = intParam(url, "limit", 1, TIMELINE_PAGE_MAX) ?? TIMELINE_PAGE_DEFAULT;
    return json(await timelinePage(root, intParam(url, "before", 1, Number.MAX_SAFE_INTEGER), limit));
  }
  if (p === "/api/pending") return json({ rows: await pendingPreviews(root) });
  if (p === "/api/status") return json(await statusView(root));
  const change = HEX_RE.exec(p);
  if (change?.[1]) return json(await changeView(root, change[1]));
  return json({ code: "ERR_NOT_FOUND", message: "no such page", details: { path: p } }, 404);
}

export async function answer(root: string, token: string, url: URL): Promise<Answer> {
  try {
    return await route(root, token, url);
  } catch (err) {
    const status = isAxiomError(err) && err.code === "ERR_NOT_FOUND" ? 404 : 500;
    return json(toErrorObject(err), status);
  }
}
