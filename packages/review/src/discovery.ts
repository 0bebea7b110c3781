// The discovery file `.axiom/ui.json` (issue 22): while a review server runs for a root, its URL
// (token included) and pid, so the MCP server's confirm message can carry the review link. Mode
// 0600 (the token is a credential of this user), written by temp + rename, removed on exit only
// while it is still this process's. Written only into an existing `.axiom/`: the review page never
// creates AXIOM's directory in a tree.

import * as path from "node:path";
import { errnoOf, fsx, layout, O } from "@codai/axiom-store";

export const DISCOVERY_NAME = "ui.json";

export interface Discovery {
  url: string;
  pid: number;
  port: number;
  root: string;
  startedAt: string;
}

export const discoveryFile = (root: string) => path.join(layout.axiom(root), DISCOVERY_NAME);

/** Writes the file; false when the root has no `.axiom/` (nothing written). */
export async function writeDiscovery(d: Discovery): Promise<boolean> {
  try {
    if (!(await fsx.lstat(layout.axiom(d.root))).isDirectory()) return false;
  } catch {
    return false;
  }
  const file = discoveryFile(d.root);
  const tmp = `${file}.tmp-${process.pid}`;
  await fsx.rm(tmp).catch(() => undefined);
  const fd = await fsx.open(tmp, O.O_CREAT | O.O_EXCL | O.O_WRONLY, 0o600);
  try {
    await fsx.write(fd, Buffer.from(`${JSON.stringify(d, null, 2)}\n`, "utf8"));
  } finally {
    await fsx.close(fd);
  }
  await fsx.rename(tmp, file);
  return true;
}

/** Removes the file when it still names `pid` (a later server may have replaced it). */
export async function removeDiscovery(root: string, pid: number): Promise<void> {
  const file = discoveryFile(root);
  try {
    const doc = JSON.parse((await fsx.readFile(file)).toString("utf8")) as { pid?: unknown };
    if (doc.pid === pid) await fsx.unlink(file);
  } catch (err) {
    if (errnoOf(err) !== "ENOENT") return;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The review link of a manifest for the confirm message (issue 22): the running server's URL with
 * the change view of `digest`, or undefined when no live review server is recorded for the root.
 */
export async function reviewLink(root: string, digest: string): Promise<string | undefined> {
  let doc: Partial<Discovery>;
  try {
    doc = JSON.parse((await fsx.readFile(discoveryFile(root))).toString("utf8")) as Partial<Discovery>;
  } catch {
    return undefined;
  }
  if (typeof doc.url !== "string" || typeof doc.pid !== "number" || !alive(doc.pid)) return undefined;
  if (!/^http:\/\/127\.0\.0\.1:\d+\/\?t=[A-Za-z0-9_-]+$/.test(doc.url)) return undefined;
  if (!/^sha256:[a-f0-9]{64}$/.test(digest)) return undefined;
  return `${doc.url}#/change/${digest.slice(7)}`;
}
