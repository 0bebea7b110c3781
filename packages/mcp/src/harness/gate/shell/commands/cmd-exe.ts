// cmd.exe's file commands (hooks-doctor.md §2.6): del/erase/rd delete their operands, move/copy/
// xcopy/robocopy write them; `/Q`-style switches are not operands. The old heuristic
// (shell-scan.ts) reads these commands with the same table.
import type { Analyzer } from "../analyze/analyzer";
import type { Op, State } from "../analyze/state";
import type { Arg } from "../words";

export const CMD_EXE: ReadonlyMap<string, Op> = new Map([
  ["del", "delete"],
  ["erase", "delete"],
  ["rd", "delete"],
  ["move", "write"],
  ["copy", "write"],
  ["xcopy", "write"],
  ["robocopy", "write"],
]);

/** A cmd.exe switch: `/Q`, `/A:H`. */
export const isSwitch = (text: string): boolean => /^\/[A-Za-z](:.*)?$/.test(text);

export function cmdExe(a: Analyzer, name: string, args: Arg[], st: State): State {
  const op = CMD_EXE.get(name);
  if (op === undefined) return st;
  for (const x of args) if (x.opaque || !isSwitch(x.text)) a.writeArg(x, op, name, st);
  return st;
}
