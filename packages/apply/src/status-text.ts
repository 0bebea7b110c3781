// The text form of the status document (apply.md §13, cli.md §9.1, colour §9.2).
import type { StatusDocument } from "./status";

const green = (s: string, on: boolean) => (on ? `\u001b[32m${s}\u001b[0m` : s);
const yellow = (s: string, on: boolean) => (on ? `\u001b[33m${s}\u001b[0m` : s);
const red = (s: string, on: boolean) => (on ? `\u001b[31m${s}\u001b[0m` : s);

function lockLine(doc: StatusDocument, colour: boolean): string {
  const lock = doc.lock;
  if (!lock.held) return green("lock free", colour);
  const h = lock.holder;
  if (!h) return "lock held (holder unreadable)";
  let line = `lock held by pid ${h.pid}`;
  if (h.host) line += `@${h.host}`;
  if (h.digest) line += ` for ${h.digest}`;
  if (h.since) line += ` since ${h.since}`;
  if (h.stale) line += ` ${yellow("(STALE)", colour)}`;
  return line;
}

/** One item per line, LF-terminated; colour only when asked (TTY and NO_COLOR unset). */
export function formatStatusText(doc: StatusDocument, colour = false): string {
  const lines: string[] = [`root ${doc.root}`, lockLine(doc, colour)];
  lines.push(`queue ${doc.lock.queue.length}`);
  for (const t of doc.lock.queue) lines.push(`  pid ${t.pid} since ${t.since}`);
  lines.push(`intents ${doc.lock.intents.length}`);
  for (const i of doc.lock.intents) lines.push(`  ${i.digest} pid ${i.pid} (${i.paths.length} paths) since ${i.since}`);
  lines.push(`interrupted journals ${doc.interrupted.length}`);
  for (const j of doc.interrupted) lines.push(`  ${j.manifestDigest} ${j.phase} ${j.done}/${j.files} pid ${j.pid}`);
  if (doc.corrupt.length > 0) lines.push(`corrupt journals ${doc.corrupt.join(", ")}`);
  const last = doc.lastApplied;
  lines.push(last ? `last applied #${last.seq} ${last.manifestDigest} at ${last.at}` : "last applied: none");
  const c = doc.chain;
  lines.push(
    c.ok || !c.firstBad
      ? `${green("chain ok", colour)} (${c.entries} entries, head ${c.head})`
      : `chain ${red("BROKEN", colour)} at #${c.firstBad.seq} (${c.firstBad.reason})`,
  );
  return `${lines.join("\n")}\n`;
}
