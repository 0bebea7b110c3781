// The documented shell-scan heuristic (hooks-doctor.md §2.6). A seatbelt, not a parser: it finds
// the write targets of common commands; opaque operands ($VAR, $(…), backticks) yield no target.
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

const isSwitch = (w: string) => /^\/[A-Za-z](:.*)?$/.test(w);

function sedTargets(args: string[]): string[] {
  let inPlace = false;
  let scriptFlag = false;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as string;
    if (w === "-e" || w === "-f" || w === "--expression" || w === "--file") {
      scriptFlag = true;
      i++;
      continue;
    }
    if (w.startsWith("--expression=") || w.startsWith("--file=")) {
      scriptFlag = true;
      continue;
    }
    if (w === "--in-place" || w.startsWith("--in-place=")) {
      inPlace = true;
      continue;
    }
    if (/^-[A-Za-z]/.test(w)) {
      if (/^-[A-Za-z]*i/.test(w)) inPlace = true;
      continue;
    }
    rest.push(w);
  }
  if (!inPlace) return [];
  const files = scriptFlag ? rest : rest.slice(1);
  return files.filter(isOperand);
}

const PS_CMDLETS: Record<string, "write" | "delete"> = {
  "remove-item": "delete",
  "set-content": "write",
  "add-content": "write",
  "out-file": "write",
  "move-item": "write",
  "copy-item": "write",
  "new-item": "write",
};
const PS_PATH_PARAMS = new Set(["path", "literalpath", "filepath", "destination", "newname", "target"]);
const PS_VALUE_PARAMS = new Set(["value", "encoding", "filter", "include", "exclude", "itemtype", "name"]);

function powershellTargets(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as string;
    if (w.startsWith("-") && w.length > 1) {
      const name = w.slice(1).toLowerCase();
      if (PS_PATH_PARAMS.has(name)) {
        const v = args[++i];
        if (v !== undefined) out.push(v);
      } else if (PS_VALUE_PARAMS.has(name)) i++;
      continue;
    }
    out.push(w);
  }
  return out.filter(isOperand);
}

const GIT_SUBCOMMANDS: Record<string, "write" | "delete"> = {
  checkout: "write",
  reset: "write",
  clean: "delete",
  restore: "write",
  rm: "delete",
  mv: "write",
  stash: "write",
};

function gitTargets(args: string[]): RawTarget[] {
  const at = args.findIndex((w) => !w.startsWith("-"));
  const sub = at === -1 ? undefined : (args[at] as string);
  const op = sub === undefined ? undefined : GIT_SUBCOMMANDS[sub];
  if (sub === undefined || op === undefined) return [];
  const after = args.slice(at + 1);
  const dd = after.indexOf("--");
  const operands = (dd === -1 ? after : after.slice(dd + 1)).filter(isOperand);
  const out: RawTarget[] = operands.map((raw) => ({ raw, op }));
  if (sub === "clean" || (sub === "reset" && after.includes("--hard"))) out.push({ raw: ".", op });
  return out;
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
    case "del":
    case "erase":
      return args.filter((w) => !isSwitch(w) && isOperand(w)).map((raw) => ({ raw, op: "delete" }));
    case "move":
    case "copy":
      return args.filter((w) => !isSwitch(w) && isOperand(w)).map((raw) => ({ raw, op: "write" }));
    case "git":
      return gitTargets(args);
    default: {
      const op = PS_CMDLETS[cmd];
      return op === undefined ? [] : powershellTargets(args).map((raw) => ({ raw, op }));
    }
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
