// The text form of `axiom log` (issue 21): one line per entry within 100 columns — short ref, seq,
// age, what it means now, what it was for, how many files, where it came from — newest first; a
// rollback names the entry it undid, an undone entry the one that undid it. A broken chain is a
// loud header first: which entry is the first the chain cannot vouch for, and how many are hidden.
import { type HistoryView, originShort } from "@codai/axiom-workflow";
import type { Style } from "./style";
import { age, clip, count, printable, shellArg, shortRef } from "./words";

export const LOG_WIDTH = 100;

type Entry = HistoryView["doc"]["entries"][number];
type Row = HistoryView["rows"][number];

function stateWord(e: Entry, row: Row): string {
  if (e.state === "failed") return "failed";
  if (e.state === "rolled-back") return "rollback";
  return row.link?.state === "rolled-back" ? "undone" : "applied";
}

function paint(word: string, style: Style): string {
  if (word === "applied") return style.green(word);
  if (word === "rollback") return style.yellow(word);
  if (word === "failed") return style.red(word);
  return style.dim(word);
}

function what(e: Entry, row: Row): string {
  const text = printable(row.about.intent ?? e.name ?? "(no intent recorded)");
  if (e.state === "rolled-back")
    return row.link?.undid !== undefined ? `undid #${row.link.undid}: ${text}` : `undo: ${text}`;
  if (row.link?.undoneBy !== undefined) return `${text} (undone by #${row.link.undoneBy})`;
  return e.code ? `${text} [${e.code}]` : text;
}

export function renderLogLine(e: Entry, row: Row, style: Style, now: number): string {
  const word = stateWord(e, row);
  const head = `${shortRef(e.manifestDigest)} ${`#${e.seq}`.padEnd(5)} ${age(e.at, now).padEnd(11)} `;
  const tail = ` (${count(e.files, "file")}) ${originShort(row.about)}`;
  const room = LOG_WIDTH - head.length - 9 - tail.length;
  return `${head}${paint(word, style)}${" ".repeat(9 - word.length)}${clip(what(e, row), room)}${tail}`;
}

export function renderLog(
  view: HistoryView,
  opts: { files: boolean; style: Style; rootArg: string; now?: number },
): string {
  const { style } = opts;
  const now = opts.now ?? Date.now();
  const lines: string[] = [];
  const broken = view.doc.broken;
  if (broken) {
    lines.push(
      style.red(
        `JOURNAL CHAIN BROKEN at #${broken.seq} (${broken.reason}): the history from #${broken.seq} on cannot be trusted`,
      ),
      style.red(
        `${count(broken.hidden, "entry", "entries")} (#${broken.seq} and later) hidden; see axiom verify --journal --root ${shellArg(opts.rootArg)}`,
      ),
      "",
    );
  }
  if (view.doc.entries.length === 0) lines.push("no entries");
  view.doc.entries.forEach((e, i) => {
    const row = view.rows[i] as Row;
    lines.push(renderLogLine(e, row, style, now));
    if (opts.files) {
      if (e.fileList) for (const f of e.fileList) lines.push(`      ${f.op.padEnd(9)} ${printable(f.path)}`);
      else lines.push("      (journal gone: file list unknown)");
    }
  });
  return `${lines.join("\n")}\n`;
}
