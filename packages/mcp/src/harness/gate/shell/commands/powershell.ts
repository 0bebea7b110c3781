// PowerShell cmdlets and their aliases (hooks-doctor.md §2.6, decisions SEC-3): the -Path-like
// parameters (and the positional words) are targets, comma lists included; -Value-like parameters
// take a value that is not one. The old heuristic (shell-scan.ts) reads cmdlets with these tables.
import type { Analyzer } from "../analyze/analyzer";
import type { Op, State } from "../analyze/state";
import { type Arg, textArg } from "../words";

/** Cmdlets (lowercased; the gate lowercases command names) and what they do to their targets. */
export const PS_CMDLETS: ReadonlyMap<string, Op> = new Map([
  ["remove-item", "delete"],
  ["set-content", "write"],
  ["add-content", "write"],
  ["out-file", "write"],
  ["move-item", "write"],
  ["copy-item", "write"],
  ["new-item", "write"],
  ["rename-item", "write"],
  ["clear-content", "write"],
  ["set-itemproperty", "write"],
  ["export-csv", "write"],
  ["tee-object", "write"],
  ["ri", "delete"],
  ["rni", "write"],
  ["ni", "write"],
  ["sc", "write"],
  ["ac", "write"],
  ["mi", "write"],
  ["cpi", "write"],
]);
const PATH_PARAMS = new Set(["path", "literalpath", "filepath", "destination", "newname", "target", "pspath"]);
const VALUE_PARAMS = new Set([
  "value",
  "encoding",
  "filter",
  "include",
  "exclude",
  "itemtype",
  "name",
  "inputobject",
  "type",
]);

/** The words of a cmdlet call that name its targets: -Path-like values and positional words, in order. */
export function cmdletTargets<W>(args: readonly W[], text: (w: W) => string | undefined): W[] {
  const out: W[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as W;
    const t = text(w);
    if (t?.startsWith("-") && t.length > 1) {
      const param = t.slice(1).toLowerCase().replace(/:$/, "");
      if (PATH_PARAMS.has(param)) {
        const v = args[++i];
        if (v !== undefined) out.push(v);
      } else if (VALUE_PARAMS.has(param)) i++;
      continue;
    }
    out.push(w);
  }
  return out;
}

function splitComma(w: Arg): Arg[] {
  if (w.opaque || !w.text.includes(",")) return [w];
  return w.text.split(",").map((s) => textArg(s.trim()));
}

export function powershell(a: Analyzer, name: string, args: Arg[], st: State): State {
  const op = PS_CMDLETS.get(name);
  if (op === undefined) return st;
  for (const w of cmdletTargets(args, (x) => (x.opaque ? undefined : x.text)))
    for (const part of splitComma(w)) a.writeArg(part, op, "powershell", st);
  return st;
}
