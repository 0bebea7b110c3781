// The documented shell-scan heuristic (hooks-doctor.md §2.6). A seatbelt, not a parser: it finds
// the write targets of common commands; opaque operands ($VAR, $(…), backticks) yield no target.
// Since the real parse (decisions SEC-2, shell/) it runs only on lines with syntax errors, and it
// reads sed, git, cmd.exe and PowerShell with the parsed judgement's own tables.
import { CMD_EXE, isSwitch } from "./shell/commands/cmd-exe";
import { worktreeWrite } from "./shell/commands/git/worktree";
import { readSedArgs } from "./shell/commands/in-place";
import { cmdletTargets, PS_CMDLETS } from "./shell/commands/powershell";
import type { RawTarget } from "./types";

const REDIRECT = /(^|[\s;&|])(?:\d*>>?|&>)\s*(?:"([^"]*)"|'([^']*)'|(&\d+|[^\s;&|<>]+))/g;
const WORD = /"([^"]*)"|'([^']*)'|(\S+)/g;
const PREFIX_COMMANDS = new Set(["sudo", "exec", "command", "nohup", "time"]);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
const OPAQUE = "$__axiom_opaque";

interface Word {
  text: string;
  quoted: boolean;
}

function words(segment: string): Word[] {
  const out: Word[] = [];
  for (const m of segment.matchAll(WORD)) {
    if (m[1] !== undefined) out.push({ text: m[1], quoted: true });
    else if (m[2] !== undefined) out.push({ text: m[2], quoted: true });
    else out.push({ text: m[3] as string, quoted: false });
  }
  return out;
}

/** Operand filter: flags, `-`, `--`, empty and opaque words are not targets. */
function isOperand(w: string): boolean {
  if (w === "" || w === "-" || w === "--") return false;
  if (w.startsWith("-")) return false;
  if (w.includes("$") || w.includes("`")) return false;
  return true;
}

const same = (w: string) => w;

function sedTargets(args: string[]): string[] {
  const { inPlace, scriptFlag, operands } = readSedArgs(args, same, same);
  if (!inPlace) return [];
  const files = scriptFlag ? operands : operands.slice(1);
  return files.filter(isOperand);
}

function gitTargets(args: string[]): RawTarget[] {
  const at = args.findIndex((w) => !w.startsWith("-"));
  const sub = at === -1 ? undefined : (args[at] as string);
  const write = sub === undefined ? undefined : worktreeWrite(sub, args.slice(at + 1), same);
  if (write === undefined) return [];
  const out: RawTarget[] = write.operands.filter(isOperand).map((raw) => ({ raw, op: write.op }));
  if (write.wholeTree) out.push({ raw: ".", op: write.op });
  return out;
}

/** cmd.exe's del/copy/… and the PowerShell cmdlets. */
function windowsTargets(cmd: string, args: string[]): RawTarget[] {
  const cmdOp = CMD_EXE.get(cmd);
  if (cmdOp !== undefined) return args.filter((w) => !isSwitch(w) && isOperand(w)).map((raw) => ({ raw, op: cmdOp }));
  const op = PS_CMDLETS.get(cmd);
  return op === undefined
    ? []
    : cmdletTargets(args, same)
        .filter(isOperand)
        .map((raw) => ({ raw, op }));
}

/** Targets of one segment's command (after prefixes). */
function commandTargets(ws: string[]): RawTarget[] {
  let i = 0;
  while (i < ws.length && ASSIGNMENT.test(ws[i] as string)) i++;
  while (i < ws.length && PREFIX_COMMANDS.has(ws[i] as string)) i++;
  const head = ws[i];
  if (head === undefined) return [];
  const cmd = (head.split(/[/\\]/).pop() as string).toLowerCase();
  const args = ws.slice(i + 1);
  const operands = () => args.filter(isOperand);
  const all = (op: "write" | "delete") => operands().map((raw) => ({ raw, op }));
  switch (cmd) {
    case "tee":
    case "touch":
    case "truncate":
    case "mkdir":
    case "chmod":
      return all("write");
    case "rm":
    case "rmdir":
    case "unlink":
      return all("delete");
    case "mv":
    case "cp":
    case "ln":
    case "install": {
      const last = operands().pop();
      return last === undefined ? [] : [{ raw: last, op: "write" }];
    }
    case "dd":
      return args
        .filter((w) => w.startsWith("of="))
        .map((w) => ({ raw: w.slice(3), op: "write" as const }))
        .filter((t) => isOperand(t.raw));
    case "sed":
      return sedTargets(args).map((raw) => ({ raw, op: "write" }));
    case "git":
      return gitTargets(args);
    default:
      return windowsTargets(cmd, args);
  }
}

/** All targets of a command line, de-duplicated by raw text, in discovery order. */
export function scanShell(command: string): RawTarget[] {
  const found: RawTarget[] = [];
  // Command substitutions and backticks are opaque: replaced by one token that yields no target.
  let text = command.replace(/\$\([^)]*\)?/g, OPAQUE).replace(/`[^`]*`?/g, OPAQUE);
  for (const m of text.matchAll(REDIRECT)) {
    const t = m[2] ?? m[3] ?? (m[4] as string);
    if (m[4] !== undefined && /^&\d+$/.test(t)) continue;
    if (t.startsWith("/dev/") || !isOperand(t)) continue;
    found.push({ raw: t, op: "write" });
  }
  // Redirections are removed before splitting so their `&` and targets are not read as commands.
  text = text.replace(REDIRECT, "$1 ");
  for (const segment of text.split(/[;&|]+/)) {
    found.push(...commandTargets(words(segment).map((w) => w.text)));
  }
  const seen = new Set<string>();
  return found.filter((t) => {
    if (seen.has(t.raw)) return false;
    seen.add(t.raw);
    return true;
  });
}
