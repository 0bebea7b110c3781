// Path text helpers of the shell judgement: POSIX, lexical (the shell's `cd` is logical too).
import * as path from "node:path";
import { escapePattern } from "./pattern-form";

export const norm = (p: string): string => {
  const n = path.posix.normalize(p);
  if (n === ".") return "";
  return n.length > 1 ? n.replace(/\/$/, "") : n;
};

export function joinCwd(cwd: string, p: string): string {
  if (path.posix.isAbsolute(p)) return norm(p);
  return norm(cwd === "" ? p : `${cwd}/${p}`);
}

/** The command's basename, lowercased, without a Windows `.exe`. */
export function commandName(text: string): string {
  const base = text.split(/[/\\]/).pop() ?? text;
  return base.toLowerCase().replace(/\.exe$/, "");
}

/** Joins a cwd and a pattern-form path (the cwd is literal, so it is escaped). */
export function joinPattern(cwd: string, pat: string): string {
  if (pat.startsWith("/")) return pat;
  if (cwd === "") return pat;
  return `${escapePattern(cwd)}/${pat}`;
}
