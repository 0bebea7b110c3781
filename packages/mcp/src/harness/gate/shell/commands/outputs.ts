// Read-mostly tools with one output (decisions SEC-3): `dd of=FILE`, `sort -o FILE`, the second
// operand of `uniq IN OUT` and `xxd IN OUT`, and `split`'s prefix (it writes PREFIXaa, PREFIXab, …,
// judged as the glob `PREFIX*`). Their other words are inputs and are not checked.
import type { Analyzer } from "../analyze/analyzer";
import type { State } from "../analyze/state";
import { type Arg, argText, literalArg } from "../words";
import { getopts, type OptSpec, values } from "./getopts";

export function dd(a: Analyzer, _name: string, args: Arg[], st: State): State {
  for (const x of args)
    if (!x.opaque && x.text.startsWith("of=")) a.writeArg(literalArg(x.pat.slice(3)), "write", "dd of=", st);
    else if (x.opaque && x.prefix.startsWith("of="))
      a.writeArg({ ...x, prefix: x.prefix.slice(3) }, "write", "dd of=", st);
  return st;
}

const SORT: OptSpec = {
  short: "kotTS",
  long: [
    "key",
    "output",
    "field-separator",
    "temporary-directory",
    "buffer-size",
    "files0-from",
    "random-source",
    "batch-size",
    "compress-program",
    "parallel",
  ],
};

export function sort(a: Analyzer, name: string, args: Arg[], st: State): State {
  const p = getopts(args, SORT);
  for (const o of values(p, "o", "output")) a.writeArg(o, "write", `${name} output`, st);
  for (const c of values(p, "compress-program")) a.mention(argText(c), `${name} program`, st);
  return st;
}

const SPLIT: OptSpec = {
  short: "abCdlnt",
  long: ["suffix-length", "additional-suffix", "bytes", "line-bytes", "lines", "number", "separator", "filter"],
};

export function split(a: Analyzer, _name: string, args: Arg[], st: State): State {
  const out = getopts(args, SPLIT).operands[1];
  if (out !== undefined) a.writeArg(out.opaque ? out : literalArg(`${out.pat}*`), "write", "split prefix", st);
  return st;
}

/** `uniq IN OUT`, `xxd IN OUT`: the second operand is written. */
export function secondOperand(a: Analyzer, name: string, args: Arg[], st: State): State {
  const spec = {
    short: name === "uniq" ? "fsw" : "cglosCn",
    long: ["skip-fields", "skip-chars", "check-chars", "group"],
  };
  const out = getopts(args, spec).operands[1];
  if (out !== undefined) a.writeArg(out, "write", `${name} output`, st);
  return st;
}
