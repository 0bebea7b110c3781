// The command table (decisions SEC-3): one lookup from a command's name (basename, lowercased,
// without `.exe`) to the handler that judges it. A name the table does not hold is an opaque
// program (interpreters.ts): its words go to the fail-closed mention rule.
import type { Analyzer } from "../analyze/analyzer";
import type { ExecContext, State } from "../analyze/state";
import type { Arg } from "../words";
import { cpio, decompress, sevenZip, tar, unzip } from "./archive";
import { readOnly } from "./builtins";
import { CMD_EXE, cmdExe } from "./cmd-exe";
import { copyLike } from "./copy";
import { find, xargs } from "./find";
import { gitCommand } from "./git/git";
import { awk, perlLike, sed } from "./in-place";
import { unknownProgram } from "./interpreters";
import { curl, wget } from "./net";
import { dd, secondOperand, sort, split } from "./outputs";
import { patch } from "./patch";
import { PS_CMDLETS, powershell } from "./powershell";
import { rsync } from "./rsync";
import { evalText, shell, source, trap } from "./shells";
import { EVERY_OPERAND, READ_ONLY, SHELLS, WRAPPERS } from "./table";
import { env, flock, multiCall, su, sudo, timeout, watch, wrapper } from "./wrappers";
import { attributes, everyOperand } from "./writers";

/** Judges one command: `name` is the command's name, `args` its words after it. */
export type Handler = (a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext) => State;

const each = (names: Iterable<string>, h: Handler): [string, Handler][] => [...names].map((n) => [n, h]);

const HANDLERS: ReadonlyMap<string, Handler> = new Map([
  ...each(READ_ONLY, readOnly),
  ...each(EVERY_OPERAND.keys(), everyOperand),
  ...each(["chmod", "chown", "chgrp", "chattr", "setfacl", "chcon"], attributes),
  ...each(["cp", "mv", "install", "ln", "link"], copyLike),
  ...each(["dd"], dd),
  ...each(["sort"], sort),
  ...each(["uniq", "xxd"], secondOperand),
  ...each(["split"], split),
  ...each(["sed", "gsed"], sed),
  ...each(["awk", "gawk", "mawk", "nawk", "busybox-awk"], awk),
  ...each(["perl", "ruby"], perlLike),
  ...each(["patch"], patch),
  ...each(["tar", "bsdtar", "gtar"], tar),
  ...each(["unzip"], unzip),
  ...each(["7z", "7za"], sevenZip),
  ...each(["cpio"], cpio),
  ...each(["bunzip2", "gunzip", "unxz"], decompress),
  ...each(["rsync", "scp"], rsync),
  ...each(["curl"], curl),
  ...each(["wget"], wget),
  ...each(["find"], find),
  ...each(["xargs"], xargs),
  ...each(["env"], env),
  ...each(["sudo", "sudoedit"], sudo),
  ...each(["timeout"], timeout),
  ...each(["busybox", "toybox"], multiCall),
  ...each(["flock"], flock),
  ...each(["watch"], watch),
  ...each(["su"], su),
  ...each(["trap"], trap),
  ...each(["eval"], evalText),
  ...each(["source", "."], source),
  ...each(["git"], gitCommand),
  ...each(CMD_EXE.keys(), cmdExe),
  ...each(SHELLS, shell),
  ...each(WRAPPERS.keys(), wrapper),
  ...each(PS_CMDLETS.keys(), powershell),
]);

export function runCommand(a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext): State {
  return (HANDLERS.get(name) ?? unknownProgram)(a, name, args, st, ctx);
}
