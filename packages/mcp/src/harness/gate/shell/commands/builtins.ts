// Read-only builtins that still change the shell's state (decisions SEC-3): `cd`/`pushd`/`popd`
// move the working directory every later relative path is judged in, and `read`, `mapfile`,
// `getopts` and `printf -v` set variables to values the gate cannot know (so `$x` is opaque).
import type { Analyzer } from "../analyze/analyzer";
import type { State } from "../analyze/state";
import { joinCwd } from "../paths";
import { type Arg, unknown } from "../words";
import { getopts, values } from "./getopts";

/** `cd DIR` (also `pushd`, and the `-C`/`-d`/`-D` options of env, sudo, patch, tar). */
export function cd(args: Arg[], st: State): State {
  const p = getopts(args, {});
  const dir = p.operands[0];
  if (dir === undefined || dir.opaque || dir.glob || dir.text === "-" || dir.text === "")
    return { ...st, cwds: [null] };
  return { ...st, cwds: st.cwds.map((c) => (c === null ? null : joinCwd(c, dir.text))) };
}

const popd = (_args: Arg[], st: State): State => ({ ...st, cwds: [null] });

/** Variables set from input: their values are unknown. */
function readVars(args: Arg[], st: State): State {
  for (const x of args) if (!x.opaque && /^[A-Za-z_]\w*$/.test(x.text)) st.vars.set(x.text, unknown());
  return st;
}

function printfVar(args: Arg[], st: State): State {
  const p = getopts(args, { short: "v" });
  for (const v of values(p, "v")) if (!v.opaque) st.vars.set(v.text, unknown());
  return st;
}

const EFFECTS = new Map<string, (args: Arg[], st: State) => State>([
  ["cd", cd],
  ["pushd", cd],
  ["popd", popd],
  ["read", readVars],
  ["mapfile", readVars],
  ["readarray", readVars],
  ["getopts", readVars],
  ["printf", printfVar],
]);

/** A read-only command: no target; only its effect on the shell's state. */
export function readOnly(_a: Analyzer, name: string, args: Arg[], st: State): State {
  const effect = EFFECTS.get(name);
  return effect === undefined ? st : effect(args, st);
}
