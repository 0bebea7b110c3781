// The text form of `axiom show <ref>` (issue 21): what the change was for, who made it, when,
// whether it is still in force, its files, and the content diff.
import { originPhrase, type ShowDocument } from "@codai/axiom-workflow";
import { renderDiff } from "./diff";
import type { Style } from "./style";
import { age, count, printable, shortRef } from "./words";

function stateLine(doc: ShowDocument, style: Style): string {
  switch (doc.state) {
    case "applied":
      return style.green("applied");
    case "rolled-back":
      return doc.undoneBy !== undefined
        ? `${style.yellow("rolled back")} by #${doc.undoneBy}${doc.undoneAt ? ` at ${doc.undoneAt}` : ""}`
        : style.yellow("rolled back");
    case "failed":
      return style.red("failed");
    default:
      return "not applied (compiled or previewed only)";
  }
}

export function renderShow(doc: ShowDocument, style: Style, now = Date.now()): string {
  const lines = [
    `${style.bold(`change ${shortRef(doc.manifestDigest)}`)}${doc.seq !== undefined ? ` #${doc.seq}` : ""} ${doc.manifestDigest}`,
    `name    ${doc.name ? printable(doc.name) : "(stored bundle not found)"}`,
    `intent  ${doc.intent !== undefined ? printable(doc.intent) : "(not recorded)"}`,
    `origin  ${printable(originPhrase(doc))}`,
    `when    ${doc.at ? `${doc.at} (${age(doc.at, now)})` : "never applied"}`,
    `state   ${stateLine(doc, style)}`,
    `files   ${count(doc.files.length, "file")}`,
    ...doc.files.map((f) => `  ${f.op.padEnd(9)} ${printable(f.path)}`),
  ];
  if (doc.diff !== undefined) lines.push("", renderDiff(doc.diff, style));
  else lines.push("", "(no content diff: the stored bundle is not in .axiom/manifests)");
  for (const path of doc.missingBefore) {
    lines.push(`(old content of ${printable(path)} not shown: its backup is gone; only the last applies keep one)`);
  }
  return `${lines.join("\n")}\n`;
}
