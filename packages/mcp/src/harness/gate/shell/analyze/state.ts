// The walk's state between statements (decisions SEC-3): the working directories the shell may be
// in, the variables assigned so far and the links the line itself created. A branch runs on a copy
// and the copies are merged after it, so after `a && cd x` both directories are judged.
import { unknown, type Vars } from "../words";

export type Op = "write" | "delete";
/** A working directory relative to the hook's cwd ("" = itself) or absolute; null = unknown. */
export type Cwd = string | null;

export interface State {
  cwds: Cwd[];
  vars: Vars;
  /** Symbolic links created earlier in this line: link path → target (both relative to the hook cwd). */
  links: Map<string, string>;
}

/** Extra context of one command: the text on its stdin when the line shows it. */
export interface ExecContext {
  stdin?: string;
  /** A redirected-from file (`< file`): its path, for `sh < script` and `patch < fix.diff`. */
  stdinFile?: string;
}

/** Past this many possible directories the cwd is unknown (each one multiplies the findings). */
const MAX_CWDS = 8;

function unionCwds(...lists: Cwd[][]): Cwd[] {
  const out: Cwd[] = [];
  for (const l of lists) for (const c of l) if (!out.includes(c)) out.push(c);
  return out.length > MAX_CWDS ? [null] : out;
}

/**
 * After branches: a value both agree on stays; a variable set in one branch only keeps that value
 * (unset, it would expand to nothing and name less); different values become unknown, with every
 * value kept as the hint the mention rule reads.
 */
function mergeVars(a: Vars, b: Vars): Vars {
  const out: Vars = new Map();
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(k);
    const y = b.get(k);
    if (x === undefined || y === undefined) out.set(k, (x ?? y) as NonNullable<typeof x>);
    else if (x.value !== null && x.value === y.value) out.set(k, x);
    else out.set(k, unknown([x.hint, y.hint].filter((h) => h !== "").join(" ")));
  }
  return out;
}

/** The state after one of several branches ran. */
export function merge(...states: State[]): State {
  const [first, ...rest] = states as [State, ...State[]];
  let vars = first.vars;
  const links = new Map(first.links);
  for (const s of rest) {
    vars = mergeVars(vars, s.vars);
    for (const [k, v] of s.links) links.set(k, v);
  }
  return { cwds: unionCwds(...states.map((s) => s.cwds)), vars, links };
}

export const copy = (s: State): State => ({ cwds: [...s.cwds], vars: new Map(s.vars), links: new Map(s.links) });

export function initialState(): State {
  return { cwds: [""], vars: new Map(), links: new Map() };
}
