// rsync and scp (decisions SEC-3): a local destination is written and written into (with
// DEST/basename(source) for each local source); a remote one (`host:path`) is not the tree's.
// --log-file and batch files are writes, backup/temp/partial directories are written into, and
// `-e`/`--rsh`/`--rsync-path` are commands whose text goes to the mention rule.
import type { Analyzer } from "../analyze/analyzer";
import type { State } from "../analyze/state";
import { type Arg, argText } from "../words";
import { getopts, values } from "./getopts";
import { basenameArg, joinArg } from "./operands";

const RSYNC_LONG = [
  "rsh",
  "exclude",
  "include",
  "filter",
  "files-from",
  "exclude-from",
  "include-from",
  "log-file",
  "log-file-format",
  "backup-dir",
  "suffix",
  "chmod",
  "chown",
  "temp-dir",
  "partial-dir",
  "compare-dest",
  "link-dest",
  "copy-dest",
  "bwlimit",
  "timeout",
  "contimeout",
  "port",
  "password-file",
  "out-format",
  "rsync-path",
  "max-size",
  "min-size",
  "modify-window",
  "block-size",
  "checksum-choice",
  "compress-choice",
  "compress-level",
  "usermap",
  "groupmap",
  "remote-option",
  "sockopts",
  "info",
  "debug",
  "stop-after",
  "stop-at",
  "iconv",
  "write-batch",
  "only-write-batch",
  "read-batch",
  "protocol",
  "max-delete",
  "outbuf",
  "address",
  "config",
];

/** `host:path` (not a Windows drive letter). */
const remote = (x: Arg) => !x.opaque && /^[^/]*:/.test(x.text) && !/^[A-Za-z]:[\\/]/.test(x.text);

export function rsync(a: Analyzer, name: string, args: Arg[], st: State): State {
  const p = getopts(args, { short: name === "scp" ? "cFiJloPS" : "efTBM", long: RSYNC_LONG });
  for (const c of values(p, "e", "rsh", "rsync-path", "S")) a.mention(argText(c), `${name} command`, st);
  for (const f of values(p, "log-file", "write-batch", "only-write-batch")) a.writeArg(f, "write", `${name} log`, st);
  for (const d of values(p, "backup-dir", "temp-dir", "partial-dir")) a.intoArg(d, "write", name, st);
  const ops = p.operands;
  if (ops.length < 2) return st;
  const dest = ops.at(-1) as Arg;
  if (remote(dest)) return st;
  a.writeArg(dest, "write", name, st);
  a.intoArg(dest, "write", name, st);
  for (const s of ops.slice(0, -1)) {
    const b = basenameArg(s);
    if (b && !remote(s)) a.writeArg(joinArg(dest, b), "write", name, st);
  }
  return st;
}
