// Commands whose operands are the files they change (decisions SEC-3): tee, touch, rm, mkdir, …
// (table.ts EVERY_OPERAND), and chmod/chown/chgrp/chattr/setfacl/chcon, whose first operand is a
// mode or owner, not a file. A mode such as `-x` looks like an option and is an operand.
import type { Analyzer } from "../analyze/analyzer";
import type { State } from "../analyze/state";
import { type Arg, textArg } from "../words";
import { getopts, has } from "./getopts";
import { EVERY_OPERAND } from "./table";

export function everyOperand(a: Analyzer, name: string, args: Arg[], st: State): State {
  const all = EVERY_OPERAND.get(name);
  if (all === undefined) return st;
  const p = getopts(args, all.spec);
  for (const o of p.operands) a.writeArg(o, all.op, name, st);
  return st;
}

const MODE = /^([0-7]{1,4}|[ugoa]*[-+=][rwxXstugo]*(,[ugoa]*[-+=][rwxXstugo]*)*)$/;

export function attributes(a: Analyzer, name: string, args: Arg[], st: State): State {
  // A mode such as -x or -w is an operand, not an option.
  const list = args.map((x) => (!x.opaque && name === "chmod" && MODE.test(x.text) ? textArg(`mode:${x.text}`) : x));
  const p = getopts(list, { long: ["reference", "from"], short: name === "setfacl" ? "mxMX" : "" });
  let operands = p.operands.filter((x) => x.opaque || !x.text.startsWith("mode:"));
  if (name !== "chmod" && !has(p, "reference") && name !== "setfacl") operands = operands.slice(1);
  if (name === "chattr") operands = operands.filter((x) => x.opaque || !/^[-+=]/.test(x.text));
  for (const o of operands) a.writeArg(o, "write", name, st);
  return st;
}
