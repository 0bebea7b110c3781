// The command table of the shell judgement (decisions SEC-3): which operands and options of the
// common file tools are write targets (cp/mv/install/ln -t, tee, dd of=, rsync, curl -o, wget -O,
// tar -C/-x, unzip -d, find -exec/-delete/-fprint, sed -i, awk -i inplace, perl -i, patch, git…),
// the wrappers that run another command (env, sudo, timeout, nice, nohup, xargs, busybox, …), the
// shells and `eval`/`source` whose text is walked again, and the read-only commands. Any other
// program is opaque: its words are checked for protected names (analyze.ts `opaque`).
import * as path from "node:path";
import type { Analyzer } from "./analyze/analyzer";
import type { ExecContext, Op, State } from "./analyze/state";
import { gitCommand } from "./git";
import { joinCwd } from "./paths";
import { escapePattern } from "./pattern-form";
import { type Arg, argText, literalArg, OPAQUE_ARG, textArg, unknown } from "./words";

export interface OptSpec {
  /** Short options that take a value (`-t DIR`, `-tDIR`). */
  short?: string;
  /** Long options that take a value (`--target-directory DIR`, `--target-directory=DIR`). */
  long?: readonly string[];
  /** Stop at the first operand: the rest is another command's argv (wrappers). */
  stopAtOperand?: boolean;
}

export interface Opt {
  name: string;
  value?: Arg;
}

export interface Parsed {
  opts: Opt[];
  operands: Arg[];
}

/** The pattern-form text after the first `n` characters of the literal text (escapes count once). */
export function patAfter(pat: string, n: number): string {
  let i = 0;
  for (let k = 0; k < n && i < pat.length; k++) i += pat[i] === "\\" ? 2 : 1;
  return pat.slice(i);
}

/** getopt-style parsing over arguments (opaque arguments are operands). */
export function getopts(args: readonly Arg[], spec: OptSpec = {}): Parsed {
  const opts: Opt[] = [];
  const operands: Arg[] = [];
  const short = spec.short ?? "";
  const long = new Set(spec.long ?? []);
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as Arg;
    if (a.opaque || a.text === "-" || !a.text.startsWith("-")) {
      operands.push(a);
      if (spec.stopAtOperand) {
        operands.push(...args.slice(i + 1));
        break;
      }
      continue;
    }
    if (a.text === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.text.startsWith("--")) {
      const eq = a.pat.indexOf("=");
      if (eq !== -1) {
        opts.push({ name: a.text.slice(2, a.text.indexOf("=")), value: literalArg(a.pat.slice(eq + 1)) });
        continue;
      }
      const name = a.text.slice(2);
      if (long.has(name)) opts.push({ name, value: args[++i] ?? OPAQUE_ARG });
      else opts.push({ name });
      continue;
    }
    // A cluster of short options; the first one that takes a value ends it.
    const letters = a.text.slice(1);
    for (let j = 0; j < letters.length; j++) {
      const l = letters[j] as string;
      if (short.includes(l)) {
        if (j + 1 < letters.length) opts.push({ name: l, value: literalArg(patAfter(a.pat, j + 2)) });
        else opts.push({ name: l, value: args[++i] ?? OPAQUE_ARG });
        break;
      }
      opts.push({ name: l });
    }
  }
  return { opts, operands };
}

const has = (p: Parsed, ...names: string[]) => p.opts.some((o) => names.includes(o.name));
const values = (p: Parsed, ...names: string[]) =>
  p.opts.filter((o) => names.includes(o.name) && o.value !== undefined).map((o) => o.value as Arg);

const basenameArg = (a: Arg): Arg | undefined => {
  if (a.opaque) return undefined;
  const b = path.posix.basename(a.text.replace(/\/+$/, ""));
  return b === "" ? undefined : textArg(b);
};

const joinArg = (dir: Arg, name: Arg): Arg => {
  if (dir.opaque || name.opaque)
    return { opaque: true, visible: `${argText(dir)}/${argText(name)}`, prefix: "", suffix: "" };
  return literalArg(`${dir.pat.replace(/\/+$/, "")}/${name.pat}`);
};

/** Commands that read or print only: no target, and their words are not checked. */
const READ_ONLY = new Set(
  (
    "ls ll la dir vdir cat tac less more head tail grep egrep fgrep rg ag ack wc diff cmp comm jq file stat du df " +
    "tree realpath readlink basename dirname echo printf true false test [ [[ pwd which whereis type hash date " +
    "sleep whoami id groups uname hostname printenv exit return break continue wait jobs fg bg disown kill " +
    "shift getopts umask ulimit set shopt times let alias unalias md5sum sha1sum sha224sum sha256sum sha384sum " +
    "sha512sum b2sum cksum sum base32 base64 od hexdump strings column cut tr paste join fold fmt nl rev expand " +
    "unexpand seq yes expr bc ps pgrep top htop free uptime lsof nproc getconf locale tput clear man info help " +
    "history read mapfile readarray cd pushd popd dirs : logout tty stty lsblk mount findmnt"
  ).split(" "),
);

/** Known write commands whose every operand (after options) is a target. */
const ALL_OPERANDS: Record<string, { op: Op; spec: OptSpec }> = {
  tee: { op: "write", spec: { long: [] } },
  touch: { op: "write", spec: { short: "dtr", long: ["date", "reference", "time"] } },
  truncate: { op: "write", spec: { short: "sr", long: ["size", "reference"] } },
  mkdir: { op: "write", spec: { short: "mZ", long: ["mode", "context"] } },
  shred: { op: "write", spec: { short: "ns", long: ["iterations", "size", "random-source", "remove"] } },
  rm: { op: "delete", spec: {} },
  rmdir: { op: "delete", spec: {} },
  unlink: { op: "delete", spec: {} },
  mkfifo: { op: "write", spec: { short: "mZ", long: ["mode", "context"] } },
  mknod: { op: "write", spec: { short: "mZ", long: ["mode", "context"] } },
  sponge: { op: "write", spec: {} },
};

/** The shells whose `-c` text, script file or stdin is walked as shell. */
const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh", "rbash", "lksh"]);

const SHORT_VALUE_WRAPPERS: Record<string, OptSpec> = {
  nohup: { stopAtOperand: true },
  setsid: { stopAtOperand: true },
  unbuffer: { stopAtOperand: true },
  caffeinate: { short: "tw", stopAtOperand: true },
  nice: { short: "n", long: ["adjustment"], stopAtOperand: true },
  stdbuf: { short: "ioe", long: ["input", "output", "error"], stopAtOperand: true },
  ionice: { short: "cnp", long: ["class", "classdata", "pid", "pgid", "uid"], stopAtOperand: true },
  doas: { short: "uC", stopAtOperand: true },
  command: { stopAtOperand: true },
  builtin: { stopAtOperand: true },
  exec: { short: "a", stopAtOperand: true },
  time: { short: "fo", long: ["format", "output"], stopAtOperand: true },
  runuser: { short: "ugGw", long: ["user", "group", "supp-group", "whitelist-environment"], stopAtOperand: true },
  chrt: { stopAtOperand: true },
  taskset: { stopAtOperand: true },
  fakeroot: { short: "ils", stopAtOperand: true },
};

export function runCommand(a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext): State {
  if (READ_ONLY.has(name)) {
    if (name === "cd" || name === "pushd") return cd(args, st);
    if (name === "popd") return { ...st, cwds: [null] };
    if (name === "read" || name === "mapfile" || name === "readarray" || name === "getopts") {
      for (const x of args) if (!x.opaque && /^[A-Za-z_]\w*$/.test(x.text)) st.vars.set(x.text, unknown());
    }
    if (name === "printf") {
      const p = getopts(args, { short: "v" });
      for (const v of values(p, "v")) if (!v.opaque) st.vars.set(v.text, unknown());
    }
    return st;
  }
  const all = ALL_OPERANDS[name];
  if (all !== undefined) {
    const p = getopts(args, all.spec);
    for (const o of p.operands) a.writeArg(o, all.op, name, st);
    return st;
  }
  switch (name) {
    case "chmod":
    case "chown":
    case "chgrp":
    case "chattr":
    case "setfacl":
    case "chcon":
      return chmodLike(a, name, args, st);
    case "cp":
    case "mv":
    case "install":
    case "ln":
    case "link":
      return copyLike(a, name, args, st);
    case "dd":
      for (const x of args)
        if (!x.opaque && x.text.startsWith("of=")) a.writeArg(literalArg(x.pat.slice(3)), "write", "dd of=", st);
        else if (x.opaque && x.prefix.startsWith("of="))
          a.writeArg({ ...x, prefix: x.prefix.slice(3) }, "write", "dd of=", st);
      return st;
    case "sed":
    case "gsed":
      return sed(a, args, st);
    case "awk":
    case "gawk":
    case "mawk":
    case "nawk":
    case "busybox-awk":
      return awk(a, args, st, ctx);
    case "perl":
    case "ruby":
      return perlLike(a, name, args, st, ctx);
    case "patch":
      return patch(a, args, st, ctx);
    case "tar":
    case "bsdtar":
    case "gtar":
      return tar(a, args, st);
    case "unzip":
    case "7z":
    case "7za":
    case "bunzip2":
    case "gunzip":
    case "unxz":
    case "cpio":
      return unpack(a, name, args, st, ctx);
    case "rsync":
    case "scp":
      return rsync(a, name, args, st);
    case "curl":
      return curl(a, args, st);
    case "wget":
      return wget(a, args, st);
    case "find":
      return find(a, args, st, ctx);
    case "xargs":
      return xargs(a, args, st, ctx);
    case "sort":
      return outputOption(
        a,
        "sort",
        args,
        st,
        {
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
        },
        ["o", "output"],
      );
    case "uniq":
    case "xxd":
    case "split": {
      const spec: OptSpec =
        name === "split"
          ? {
              short: "abCdlnt",
              long: [
                "suffix-length",
                "additional-suffix",
                "bytes",
                "line-bytes",
                "lines",
                "number",
                "separator",
                "filter",
              ],
            }
          : { short: name === "uniq" ? "fsw" : "cglosCn", long: ["skip-fields", "skip-chars", "check-chars", "group"] };
      const p = getopts(args, spec);
      const out = p.operands[1];
      if (out !== undefined) {
        if (name === "split") a.writeArg(out.opaque ? out : literalArg(`${out.pat}*`), "write", "split prefix", st);
        else a.writeArg(out, "write", `${name} output`, st);
      }
      return st;
    }
    case "env":
      return env(a, args, st, ctx);
    case "sudo":
    case "sudoedit":
      return sudo(a, name, args, st, ctx);
    case "timeout": {
      const p = getopts(args, { short: "sk", long: ["signal", "kill-after"], stopAtOperand: true });
      return a.exec(p.operands.slice(1), st, ctx);
    }
    case "busybox":
    case "toybox":
      if (args[0] && !args[0].opaque && args[0].text.startsWith("-")) return st;
      return a.exec(args, st, ctx);
    case "flock": {
      const p = getopts(args, {
        short: "wEc",
        long: ["timeout", "conflict-exit-code", "command"],
        stopAtOperand: true,
      });
      const [file, ...rest] = p.operands;
      if (file) a.writeArg(file, "write", "flock file", st);
      for (const c of values(p, "c", "command")) runText(a, c, "flock -c", st);
      return rest.length > 0 ? a.exec(rest, st, ctx) : st;
    }
    case "watch": {
      const p = getopts(args, { short: "nqd", long: ["interval", "differences"], stopAtOperand: true });
      if (has(p, "x", "exec")) return a.exec(p.operands, st, ctx);
      runText(a, textJoin(p.operands), "watch", st);
      return st;
    }
    case "su": {
      const p = getopts(args, {
        short: "cgGsw",
        long: ["command", "group", "supp-group", "shell", "whitelist-environment", "session-command"],
      });
      for (const c of values(p, "c", "command", "session-command")) runText(a, c, "su -c", st);
      return st;
    }
    case "trap": {
      // trap 'commands' SIGNAL…: the commands run later in this shell.
      const first = args.find((x) => x.opaque || !x.text.startsWith("-"));
      if (first !== undefined && args.length > 1) runText(a, first, "trap", st);
      return st;
    }
    case "eval":
      return runText(a, textJoin(args), "eval", st, true);
    case "source":
    case ".":
      return source(a, args, st, ctx);
    case "git":
      return gitCommand(a, args, st, ctx);
    case "del":
    case "erase":
    case "rd":
      for (const x of args.filter((w) => !isSwitch(w))) a.writeArg(x, "delete", name, st);
      return st;
    case "move":
    case "copy":
    case "xcopy":
    case "robocopy":
      for (const x of args.filter((w) => !isSwitch(w))) a.writeArg(x, "write", name, st);
      return st;
    default:
      break;
  }
  if (SHELLS.has(name)) return shell(a, name, args, st, ctx);
  const wrapper = SHORT_VALUE_WRAPPERS[name];
  if (wrapper !== undefined) {
    const p = getopts(args, wrapper);
    if (name === "command" && has(p, "v", "V")) return st;
    if (name === "time") for (const o of values(p, "o", "output")) a.writeArg(o, "write", "time -o", st);
    let rest = p.operands;
    if (name === "chrt" || name === "taskset") rest = has(p, "p", "pid") ? [] : rest.slice(1);
    if (name === "exec" && rest.length === 0) return st;
    return a.exec(rest, st, ctx);
  }
  const ps = PS_CMDLETS[name];
  if (ps !== undefined) return powershell(a, ps, args, st);
  a.opaque(INTERPRETERS.has(name) ? withoutScriptFile(args) : args, `program ${name}`, st, ctx);
  return st;
}

/** Interpreters whose first operand is the script they read (not a file they write). */
const INTERPRETERS = new Set([
  "node",
  "nodejs",
  "python",
  "python3",
  "python2",
  "deno",
  "bun",
  "tsx",
  "ts-node",
  "php",
  "lua",
  "rscript",
]);
const INLINE_CODE = new Set(["-c", "-e", "-p", "--eval", "--print", "-m", "-E"]);
const VALUE_FLAGS = new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "-W",
  "-X",
  "--conditions",
  "-C",
]);

/**
 * The arguments of an interpreter without its script file: `node node_modules/x/bin/cli.js` reads
 * that file, so naming it is no write (its other words are still checked; `-c`/`-e` code too).
 */
function withoutScriptFile(args: Arg[]): Arg[] {
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Arg;
    if (w.opaque) return args;
    if (INLINE_CODE.has(w.text)) return args;
    if (VALUE_FLAGS.has(w.text)) {
      i++;
      continue;
    }
    if (w.text.startsWith("-")) continue;
    return [...args.slice(0, i), ...args.slice(i + 1)];
  }
  return args;
}

const isSwitch = (w: Arg) => !w.opaque && /^\/[A-Za-z](:.*)?$/.test(w.text);

function textJoin(args: Arg[]): Arg {
  if (args.every((x) => !x.opaque)) return textArg(args.map((x) => (x as { text: string }).text).join(" "));
  return { opaque: true, visible: args.map(argText).join(" "), prefix: "", suffix: "" };
}

/** Walks shell text given as an argument (`sh -c`, `eval`, `trap`, …); opaque text → mention. */
export function runText(a: Analyzer, text: Arg, via: string, st: State, sameShell = false): State {
  if (text.opaque) {
    a.mention(text.visible, `${via} (not resolvable)`, st);
    for (const cwd of st.cwds) if (cwd !== null && cwd !== "") a.emit({ kind: "area", dir: cwd, via });
    return st;
  }
  const inner = sameShell ? st : { cwds: [...st.cwds], vars: new Map(), links: st.links };
  const out = a.script(text.text, via, inner);
  return sameShell ? out : st;
}

function cd(args: Arg[], st: State): State {
  const p = getopts(args, {});
  const dir = p.operands[0];
  if (dir === undefined || dir.opaque || dir.glob || dir.text === "-" || dir.text === "")
    return { ...st, cwds: [null] };
  return { ...st, cwds: st.cwds.map((c) => (c === null ? null : joinCwd(c, dir.text))) };
}

function chmodLike(a: Analyzer, name: string, args: Arg[], st: State): State {
  const modeish = /^([0-7]{1,4}|[ugoa]*[-+=][rwxXstugo]*(,[ugoa]*[-+=][rwxXstugo]*)*)$/;
  // A mode such as -x or -w is an operand, not an option.
  const list = args.map((x) => (!x.opaque && name === "chmod" && modeish.test(x.text) ? textArg(`mode:${x.text}`) : x));
  const p = getopts(list, { long: ["reference", "from"], short: name === "setfacl" ? "mxMX" : "" });
  let operands = p.operands.filter((x) => x.opaque || !x.text.startsWith("mode:"));
  if (name !== "chmod" && !has(p, "reference") && name !== "setfacl") operands = operands.slice(1);
  if (name === "chattr") operands = operands.filter((x) => x.opaque || !/^[-+=]/.test(x.text));
  for (const o of operands) a.writeArg(o, "write", name, st);
  return st;
}

function copyLike(a: Analyzer, name: string, args: Arg[], st: State): State {
  const spec: OptSpec =
    name === "install"
      ? { short: "tSmogZ", long: ["target-directory", "suffix", "mode", "owner", "group", "strip-program", "context"] }
      : {
          short: "tS",
          long: ["target-directory", "suffix", "sparse", "reflink", "preserve", "no-preserve", "context"],
        };
  const p = getopts(args, spec);
  const tdir = values(p, "t", "target-directory").at(-1);
  const ops = p.operands;
  const symbolic = name === "ln" ? has(p, "s", "symbolic") : has(p, "s", "symbolic-link");
  const linking = name === "ln" || name === "link" || (name === "cp" && (symbolic || has(p, "l", "link")));
  if (name === "install" && has(p, "d", "directory")) {
    for (const o of ops) a.writeArg(o, "write", "install -d", st);
    return st;
  }
  let sources: Arg[];
  let dest: Arg | undefined;
  if (tdir !== undefined) {
    sources = ops;
    a.intoArg(tdir, "write", `${name} -t`, st);
    for (const s of sources) {
      const b = basenameArg(s);
      const target = b === undefined ? undefined : joinArg(tdir, b);
      if (target) {
        if (linking) a.link(s, target, symbolic, name, st);
        a.writeArg(target, "write", `${name} -t`, st);
      }
    }
  } else if (ops.length >= 2 || (ops.length === 1 && linking)) {
    dest = ops.length === 1 ? basenameArg(ops[0] as Arg) : (ops.at(-1) as Arg);
    sources = ops.length === 1 ? ops : ops.slice(0, -1);
    if (dest === undefined) return st;
    a.writeArg(dest, "write", name, st);
    if (!has(p, "T", "no-target-directory") || name === "cp") a.intoArg(dest, "write", name, st);
    for (const s of sources) {
      const b = basenameArg(s);
      if (b !== undefined && !(ops.length === 1)) a.writeArg(joinArg(dest, b), "write", name, st);
      if (linking) {
        a.link(s, dest, symbolic, name, st);
        if (b !== undefined && ops.length > 1) a.link(s, joinArg(dest, b), symbolic, name, st);
      }
    }
  } else return st;
  if (name === "mv") for (const s of sources) a.writeArg(s, "delete", "mv source", st);
  return st;
}

function sed(a: Analyzer, args: Arg[], st: State): State {
  let inPlace = false;
  let scriptFlag = false;
  const rest: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Arg;
    const t = w.opaque ? "" : w.text;
    if (t === "-e" || t === "-f" || t === "--expression" || t === "--file") {
      scriptFlag = true;
      const v = args[++i];
      if (v && t !== "-f" && t !== "--file") a.mention(argText(v), "sed script", st);
      continue;
    }
    if (t.startsWith("--expression=") || t.startsWith("--file=")) {
      scriptFlag = true;
      a.mention(t, "sed script", st);
      continue;
    }
    if (t === "--in-place" || t.startsWith("--in-place=")) {
      inPlace = true;
      continue;
    }
    if (/^-[A-Za-z]/.test(t) && !t.startsWith("--")) {
      if (/^-[A-Za-z]*i/.test(t)) inPlace = true;
      if (/^-[A-Za-z]*[ef]$/.test(t) && !/^-[A-Za-z]*i/.test(t)) {
        scriptFlag = true;
        const v = args[++i];
        if (v) a.mention(argText(v), "sed script", st);
      }
      continue;
    }
    if (t.startsWith("--")) continue;
    rest.push(w);
  }
  // sed's own `w file` / `W file` commands write: the script is checked for protected names.
  if (!scriptFlag && rest[0] !== undefined) a.mention(argText(rest[0]), "sed script", st);
  if (!inPlace) return st;
  const files = scriptFlag ? rest : rest.slice(1);
  for (const f of files) a.writeArg(f, "write", "sed -i", st);
  return st;
}

function awk(a: Analyzer, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, {
    short: "fvFilEeW",
    long: ["file", "assign", "field-separator", "include", "load", "exec", "source"],
  });
  const includes = values(p, "i", "include").map(argText);
  const inPlace = includes.some((v) => /^inplace(\.awk)?$/.test(v));
  const programGiven = has(p, "f", "file", "e", "source", "E", "exec");
  for (const v of values(p, "e", "source")) a.mention(argText(v), "awk program", st);
  const program = programGiven ? undefined : p.operands[0];
  const files = programGiven ? p.operands : p.operands.slice(1);
  // `print > "file"` inside the program writes: the program text is checked for protected names.
  if (program !== undefined) a.mention(argText(program), "awk program", st);
  if (ctx.stdin !== undefined && programGiven) a.mention(ctx.stdin, "awk stdin", st);
  if (inPlace)
    for (const f of files) if (f.opaque || !/^\w+=/.test(f.text)) a.writeArg(f, "write", "awk -i inplace", st);
  return st;
}

function perlLike(a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext): State {
  // An interpreter (opaque: every word is checked), plus -i: the files after the script are edited.
  let inPlace = false;
  let script = false;
  const files: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Arg;
    const t = w.opaque ? "" : w.text;
    if (!script && /^-[A-Za-z0-9]/.test(t) && !t.startsWith("--")) {
      const cluster = t.slice(1);
      for (let j = 0; j < cluster.length; j++) {
        const l = cluster[j];
        if (l === "i") {
          inPlace = true;
          break; // the rest of the cluster is the backup suffix
        }
        if (l === "e" || l === "E") {
          script = true;
          if (j === cluster.length - 1) i++;
          break;
        }
        if (l === "M" || l === "I" || l === "m" || l === "x" || l === "C" || l === "r") {
          if (j === cluster.length - 1) i++;
          break;
        }
      }
      continue;
    }
    if (!script) {
      script = true; // the script file
      continue;
    }
    files.push(w);
  }
  a.opaque(args, `interpreter ${name}`, st, ctx);
  if (inPlace) for (const f of files) a.writeArg(f, "write", `${name} -i`, st);
  return st;
}

/** File names a unified diff touches (`--- a/x`, `+++ b/x`), with and without the first segment. */
export function patchPaths(text: string): string[] {
  const out = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^(?:\+\+\+|---|\*\*\*) ([^\t\n]+)/.exec(line);
    if (!m) continue;
    const p = (m[1] as string).trim().replace(/^"(.*)"$/, "$1");
    if (p === "/dev/null" || p === "") continue;
    out.add(p);
    const cut = p.split("/").slice(1).join("/");
    if (cut !== "") out.add(cut);
  }
  return [...out];
}

function patch(a: Analyzer, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, {
    short: "iodpBrDFVYzg",
    long: [
      "input",
      "output",
      "directory",
      "strip",
      "prefix",
      "reject-file",
      "ifdef",
      "fuzz",
      "version-control",
      "basename-prefix",
      "suffix",
      "get",
      "quoting-style",
    ],
  });
  let s = st;
  for (const d of values(p, "d", "directory")) s = cd([d], s);
  for (const o of values(p, "o", "output", "r", "reject-file")) a.writeArg(o, "write", "patch output", s);
  const [original, patchFile] = p.operands;
  if (original !== undefined) a.writeArg(original, "write", "patch", s);
  const input = values(p, "i", "input")[0] ?? patchFile;
  const text = input !== undefined && !input.opaque ? a.readAt(input.text, s) : ctx.stdin;
  if (text !== undefined && original === undefined) {
    for (const f of patchPaths(text)) a.writeArg(textArg(f), "write", "patch file header", s);
  } else if (original === undefined) {
    for (const cwd of s.cwds) if (cwd !== null && cwd !== "") a.emit({ kind: "area", dir: cwd, via: "patch" });
    if (input) a.mention(argText(input), "patch input", s);
  }
  return st;
}

function tar(a: Analyzer, args: Arg[], st: State): State {
  // Old style: `tar xzf a.tgz -C dir` (a first word of letters is an option cluster).
  let list = args;
  const first = args[0];
  if (first && !first.opaque && /^[A-Za-z]+$/.test(first.text)) {
    const letters = first.text;
    const rest = args.slice(1);
    const expanded: Arg[] = [];
    let k = 0;
    for (const l of letters) {
      expanded.push(textArg(`-${l}`));
      if ("fCTXbKNgVH".includes(l) && rest[k] !== undefined) expanded.push(rest[k++] as Arg);
    }
    list = [...expanded, ...rest.slice(k)];
  }
  const p = getopts(list, {
    short: "fCTXbKNgVHI",
    long: [
      "file",
      "directory",
      "files-from",
      "exclude-from",
      "blocking-factor",
      "starting-file",
      "newer",
      "listed-incremental",
      "label",
      "format",
      "use-compress-program",
      "exclude",
      "transform",
      "xform",
      "owner",
      "group",
      "mode",
      "mtime",
      "strip-components",
      "to-command",
      "info-script",
      "new-volume-script",
      "rsh-command",
      "backup",
      "suffix",
      "index-file",
      "checkpoint-action",
    ],
  });
  const extract = has(p, "x", "extract", "get");
  const create = has(p, "c", "create", "r", "append", "u", "update", "A", "catenate", "concatenate");
  if (create) for (const f of values(p, "f", "file")) a.writeArg(f, "write", "tar archive", st);
  for (const c of values(
    p,
    "to-command",
    "info-script",
    "new-volume-script",
    "use-compress-program",
    "I",
    "rsh-command",
  ))
    a.mention(argText(c), "tar command", st);
  if (extract) {
    const dirs = values(p, "C", "directory");
    if (dirs.length === 0)
      for (const cwd of st.cwds) a.emit({ kind: "into", dir: cwd ?? "", op: "write", via: "tar -x" });
    for (const d of dirs) a.intoArg(d, "write", "tar -x -C", st);
    // Members named on the command line are written too.
    let s = st;
    for (const d of dirs) s = cd([d], s);
    for (const m of p.operands) a.writeArg(m, "write", "tar member", s);
  }
  return st;
}

function unpack(a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext): State {
  if (name === "unzip") {
    const p = getopts(args, { short: "dxP", long: [] });
    if (has(p, "p", "l", "t", "v", "Z")) return st;
    const dirs = values(p, "d");
    if (dirs.length === 0)
      for (const cwd of st.cwds) a.emit({ kind: "into", dir: cwd ?? "", op: "write", via: "unzip" });
    for (const d of dirs) a.intoArg(d, "write", "unzip -d", st);
    return st;
  }
  if (name === "7z" || name === "7za") {
    for (const x of args)
      if (!x.opaque && x.text.startsWith("-o")) a.intoArg(literalArg(x.pat.slice(2)), "write", "7z -o", st);
    return st;
  }
  if (name === "cpio") {
    a.opaque(args, "cpio", st, ctx);
    for (const cwd of st.cwds) a.emit({ kind: "into", dir: cwd ?? "", op: "write", via: "cpio" });
    return st;
  }
  // gunzip & co. replace FILE.gz with FILE.
  const p = getopts(args, { short: "S", long: ["suffix"] });
  if (has(p, "c", "stdout", "t", "test", "l", "list")) return st;
  for (const o of p.operands) {
    a.writeArg(o, "delete", name, st);
    if (!o.opaque) a.writeArg(literalArg(o.pat.replace(/\.(gz|bz2|xz|z|tgz)$/i, "")), "write", name, st);
  }
  return st;
}

function rsync(a: Analyzer, name: string, args: Arg[], st: State): State {
  const p = getopts(args, {
    short: name === "scp" ? "cFiJloPS" : "efTBM",
    long: [
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
    ],
  });
  for (const c of values(p, "e", "rsh", "rsync-path", "S")) a.mention(argText(c), `${name} command`, st);
  for (const f of values(p, "log-file", "write-batch", "only-write-batch")) a.writeArg(f, "write", `${name} log`, st);
  for (const d of values(p, "backup-dir", "temp-dir", "partial-dir")) a.intoArg(d, "write", name, st);
  const ops = p.operands;
  if (ops.length < 2) return st;
  const dest = ops.at(-1) as Arg;
  const remote = (x: Arg) => !x.opaque && /^[^/]*:/.test(x.text) && !/^[A-Za-z]:[\\/]/.test(x.text);
  if (remote(dest)) return st;
  a.writeArg(dest, "write", name, st);
  a.intoArg(dest, "write", name, st);
  for (const s of ops.slice(0, -1)) {
    const b = basenameArg(s);
    if (b && !remote(s)) a.writeArg(joinArg(dest, b), "write", name, st);
  }
  return st;
}

const CURL_SHORT = "AbcCdDeEFHKmoPQrtTuUwxXyYz";
const CURL_LONG = [
  "output",
  "output-dir",
  "user-agent",
  "cookie",
  "cookie-jar",
  "continue-at",
  "data",
  "data-ascii",
  "data-binary",
  "data-raw",
  "data-urlencode",
  "dump-header",
  "referer",
  "cert",
  "form",
  "form-string",
  "header",
  "config",
  "max-time",
  "ftp-port",
  "quote",
  "range",
  "telnet-option",
  "upload-file",
  "user",
  "proxy-user",
  "write-out",
  "proxy",
  "request",
  "speed-limit",
  "speed-time",
  "time-cond",
  "trace",
  "trace-ascii",
  "stderr",
  "libcurl",
  "etag-save",
  "etag-compare",
  "hsts",
  "alt-svc",
  "connect-timeout",
  "retry",
  "retry-delay",
  "retry-max-time",
  "max-filesize",
  "max-redirs",
  "cacert",
  "capath",
  "key",
  "pass",
  "resolve",
  "connect-to",
  "url",
  "json",
  "variable",
  "expand-url",
  "create-file-mode",
  "unix-socket",
  "interface",
  "dns-servers",
  "noproxy",
];

function urlBase(u: Arg): Arg | undefined {
  if (u.opaque) return undefined;
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^?#]*)?/i.exec(u.text);
  const p = m?.[1] ?? "";
  const b = p
    .split("/")
    .filter((s) => s !== "")
    .at(-1);
  return b === undefined ? undefined : textArg(decodeURIComponentSafe(b));
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function curl(a: Analyzer, args: Arg[], st: State): State {
  const p = getopts(args, { short: CURL_SHORT, long: CURL_LONG });
  const outDir = values(p, "output-dir").at(-1);
  const inDir = (x: Arg) => (outDir === undefined || (!x.opaque && x.text.startsWith("/")) ? x : joinArg(outDir, x));
  for (const o of values(p, "o", "output")) a.writeArg(inDir(o), "write", "curl -o", st);
  for (const o of values(
    p,
    "D",
    "dump-header",
    "c",
    "cookie-jar",
    "trace",
    "trace-ascii",
    "stderr",
    "libcurl",
    "etag-save",
    "hsts",
    "alt-svc",
  ))
    a.writeArg(o, "write", "curl output file", st);
  for (const k of values(p, "K", "config")) a.mention(argText(k), "curl config", st);
  const urls = [...p.operands, ...values(p, "url")];
  if (has(p, "O", "remote-name", "remote-name-all")) {
    for (const u of urls) {
      const b = urlBase(u);
      if (b) a.writeArg(inDir(b), "write", "curl -O", st);
      else a.mention(argText(u), "curl -O", st);
    }
  }
  if (has(p, "J", "remote-header-name")) {
    if (outDir) a.intoArg(outDir, "write", "curl -J", st);
    else
      for (const cwd of st.cwds)
        if (cwd !== null && cwd !== "") a.emit({ kind: "into", dir: cwd, op: "write", via: "curl -J" });
  }
  return st;
}

function wget(a: Analyzer, args: Arg[], st: State): State {
  const p = getopts(args, {
    short: "OoaPeiBtTwQUYlARDXIF",
    long: [
      "output-document",
      "output-file",
      "append-output",
      "directory-prefix",
      "execute",
      "input-file",
      "base",
      "tries",
      "timeout",
      "wait",
      "quota",
      "user-agent",
      "level",
      "accept",
      "reject",
      "domains",
      "exclude-directories",
      "include-directories",
      "config",
      "header",
      "post-data",
      "post-file",
      "user",
      "password",
      "http-user",
      "http-password",
      "load-cookies",
      "save-cookies",
      "save-headers",
      "referer",
      "bind-address",
      "limit-rate",
      "dns-timeout",
      "connect-timeout",
      "read-timeout",
      "cut-dirs",
      "default-page",
      "adjust-extension",
      "restrict-file-names",
      "method",
      "body-data",
      "body-file",
      "ca-certificate",
      "certificate",
      "private-key",
      "rejected-log",
      "warc-file",
      "backups",
      "progress",
      "hsts-file",
    ],
  });
  const prefix = values(p, "P", "directory-prefix").at(-1);
  const docs = values(p, "O", "output-document");
  for (const o of docs) a.writeArg(o, "write", "wget -O", st);
  for (const o of values(
    p,
    "o",
    "output-file",
    "a",
    "append-output",
    "save-cookies",
    "rejected-log",
    "warc-file",
    "hsts-file",
  ))
    a.writeArg(o, "write", "wget log", st);
  for (const c of values(p, "e", "execute", "config")) a.mention(argText(c), "wget command", st);
  if (docs.length > 0) return st;
  if (has(p, "r", "recursive", "m", "mirror", "x", "force-directories", "p", "page-requisites")) {
    if (prefix) a.intoArg(prefix, "write", "wget -r", st);
    else
      for (const cwd of st.cwds)
        if (cwd !== null && cwd !== "") a.emit({ kind: "into", dir: cwd, op: "write", via: "wget -r" });
    return st;
  }
  for (const u of p.operands) {
    const b = urlBase(u) ?? textArg("index.html");
    a.writeArg(prefix ? joinArg(prefix, b) : b, "write", "wget", st);
  }
  return st;
}

const FIND_VALUE_TESTS = new Set(
  (
    "-name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname -type -xtype -user -group -uid " +
    "-gid -perm -size -mtime -mmin -atime -amin -ctime -cmin -newer -anewer -cnewer -newerXY -maxdepth -mindepth " +
    "-links -inum -samefile -used -fstype -context -regextype -printf -files0-from"
  ).split(" "),
);

function find(a: Analyzer, args: Arg[], st: State, ctx: ExecContext): State {
  const starts: Arg[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i] as Arg;
    if (!w.opaque && (w.text.startsWith("-") || ["(", ")", "!", ","].includes(w.text))) break;
    starts.push(w);
  }
  if (starts.length === 0) starts.push(textArg("."));
  const expr = args.slice(i);
  let nameFilter: string | undefined;
  for (let j = 0; j < expr.length; j++) {
    const w = expr[j] as Arg;
    if (w.opaque) continue;
    if ((w.text === "-name" || w.text === "-iname") && expr[j + 1] && !expr[j + 1]?.opaque)
      // find matches the quote-removed text itself as a pattern.
      nameFilter = (expr[j + 1] as { text: string }).text.replace(/\//g, "");
  }
  const found = (s: Arg): Arg =>
    s.opaque ? s : literalArg(`${s.pat.replace(/\/+$/, "")}/**${nameFilter === undefined ? "" : `/${nameFilter}`}`);
  for (let j = 0; j < expr.length; j++) {
    const w = expr[j] as Arg;
    if (w.opaque) continue;
    const t = w.text;
    if (t === "-delete") for (const s of starts) a.writeArg(found(s), "delete", "find -delete", st);
    else if (t === "-fprint" || t === "-fprint0" || t === "-fls" || t === "-fprintf") {
      const f = expr[++j];
      if (f) a.writeArg(f, "write", `find ${t}`, st);
      if (t === "-fprintf") j++;
    } else if (t === "-exec" || t === "-execdir" || t === "-ok" || t === "-okdir") {
      const cmd: Arg[] = [];
      for (j++; j < expr.length; j++) {
        const x = expr[j] as Arg;
        if (!x.opaque && (x.text === ";" || (x.text === "+" && cmd.some((c) => !c.opaque && c.text.includes("{}")))))
          break;
        cmd.push(x);
      }
      const dir = t === "-execdir" || t === "-okdir";
      for (const s of starts) {
        const f = dir ? literalArg(`./${nameFilter ?? "*"}`) : found(s);
        const argv = cmd.map((x) => {
          if (x.opaque || !x.text.includes("{}")) return x;
          if (f.opaque) return f;
          return literalArg(x.pat.split("{}").join(f.pat));
        });
        a.exec(argv, dir ? { ...st, cwds: [null] } : st, ctx);
      }
    } else if (FIND_VALUE_TESTS.has(t)) j++;
  }
  return st;
}

function xargs(a: Analyzer, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, {
    short: "IaEdLnPs",
    long: [
      "replace",
      "arg-file",
      "eof",
      "delimiter",
      "max-lines",
      "max-args",
      "max-procs",
      "max-chars",
      "process-slot-var",
    ],
    stopAtOperand: true,
  });
  const replace = values(p, "I", "replace", "i").map(argText).at(-1) ?? (has(p, "i", "replace") ? "{}" : undefined);
  let argv = p.operands.length > 0 ? p.operands : [textArg("echo")];
  // The items come from stdin: opaque words (no text), in place of the replace string or appended.
  const item = { opaque: true as const, visible: ctx.stdin ?? "", prefix: "", suffix: "" };
  if (replace !== undefined && replace !== "") {
    argv = argv.map((x) => {
      if (x.opaque || !x.text.includes(replace)) return x;
      const [pre, ...rest] = x.pat.split(escapePattern(replace));
      return {
        opaque: true,
        visible: x.text.split(replace).join(item.visible),
        prefix: pre ?? "",
        suffix: rest.at(-1) ?? "",
      };
    });
  } else argv = [...argv, item];
  return a.exec(argv, st, {});
}

function env(a: Analyzer, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, {
    short: "uCSP",
    long: ["unset", "chdir", "split-string", "default-signal", "ignore-signal", "block-signal"],
    stopAtOperand: true,
  });
  let s = st;
  for (const d of values(p, "C", "chdir")) s = cd([d], s);
  const split = values(p, "S", "split-string");
  // NAME=value words before the command.
  const rest = [...p.operands];
  while (rest[0] !== undefined && !rest[0].opaque && (/^[A-Za-z_]\w*=/.test(rest[0].text) || rest[0].text === "-"))
    rest.shift();
  for (const sp of split) {
    runText(a, rest.length > 0 ? textJoin([sp, ...rest]) : sp, "env -S", s);
    return st;
  }
  if (rest.length > 0) a.exec(rest, s, ctx);
  return st;
}

function sudo(a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, {
    short: "ugCDhprtUTc",
    long: ["user", "group", "close-from", "chdir", "host", "prompt", "role", "type", "other-user", "command-timeout"],
    stopAtOperand: true,
  });
  let s = st;
  for (const d of values(p, "D", "chdir")) s = cd([d], s);
  if (name === "sudoedit" || has(p, "e", "edit")) {
    for (const f of p.operands) a.writeArg(f, "write", "sudoedit", s);
    return st;
  }
  if (has(p, "l", "list", "v", "validate", "k", "K", "reset-timestamp", "remove-timestamp")) return st;
  a.exec(p.operands, s, ctx);
  return st;
}

function shell(a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext): State {
  let command: Arg | undefined;
  let fromStdin = false;
  const operands: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Arg;
    if (operands.length > 0 || w.opaque || !/^[-+]/.test(w.text) || w.text === "-" || w.text === "--") {
      if (!w.opaque && (w.text === "--" || w.text === "-") && operands.length === 0) {
        operands.push(...args.slice(i + 1));
        break;
      }
      operands.push(w);
      continue;
    }
    if (w.text.startsWith("--")) {
      if (["--rcfile", "--init-file"].includes(w.text)) i++;
      continue;
    }
    const letters = w.text.slice(1);
    if (letters.includes("c")) command = textArg("");
    if (letters.includes("s")) fromStdin = true;
    if (/[oO]$/.test(letters)) i++;
  }
  if (command !== undefined) {
    const text = operands.shift();
    if (text !== undefined) runText(a, text, `${name} -c`, st);
    // $0 and the positional parameters may name files the text writes.
    for (const o of operands) a.mention(argText(o), `${name} -c argument`, st);
    return st;
  }
  if (fromStdin || operands.length === 0) {
    if (ctx.stdin !== undefined) runText(a, textArg(ctx.stdin), `${name} (stdin)`, st);
    else if (ctx.stdinFile === undefined) {
      for (const cwd of st.cwds) if (cwd !== null && cwd !== "") a.emit({ kind: "area", dir: cwd, via: name });
    }
    for (const o of operands) a.mention(argText(o), `${name} argument`, st);
    return st;
  }
  const [file, ...rest] = operands;
  const text = file !== undefined && !file.opaque ? a.readAt(file.text, st) : undefined;
  if (text !== undefined) runText(a, textArg(text), `${name} script ${argText(file as Arg)}`, st);
  else a.opaque(operands, `${name} script`, st, ctx);
  for (const o of rest) a.mention(argText(o), `${name} script argument`, st);
  return st;
}

function source(a: Analyzer, args: Arg[], st: State, ctx: ExecContext): State {
  const [file, ...rest] = args;
  if (file === undefined) return st;
  const text = !file.opaque ? a.readAt(file.text, st) : undefined;
  for (const o of rest) a.mention(argText(o), "source argument", st);
  if (text !== undefined) return runText(a, textArg(text), `source ${argText(file)}`, st, true);
  a.opaque(args, "source", st, ctx);
  return st;
}

function outputOption(a: Analyzer, name: string, args: Arg[], st: State, spec: OptSpec, names: string[]): State {
  const p = getopts(args, spec);
  for (const o of values(p, ...names)) a.writeArg(o, "write", `${name} output`, st);
  for (const c of values(p, "compress-program")) a.mention(argText(c), `${name} program`, st);
  return st;
}

const PS_CMDLETS: Record<string, Op> = {
  "remove-item": "delete",
  "set-content": "write",
  "add-content": "write",
  "out-file": "write",
  "move-item": "write",
  "copy-item": "write",
  "new-item": "write",
  "rename-item": "write",
  "clear-content": "write",
  "set-itemproperty": "write",
  "export-csv": "write",
  "tee-object": "write",
  ri: "delete",
  rni: "write",
  ni: "write",
  sc: "write",
  ac: "write",
  mi: "write",
  cpi: "write",
};
const PS_PATH_PARAMS = new Set(["path", "literalpath", "filepath", "destination", "newname", "target", "pspath"]);
const PS_VALUE_PARAMS = new Set([
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

function powershell(a: Analyzer, op: Op, args: Arg[], st: State): State {
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Arg;
    if (!w.opaque && w.text.startsWith("-") && w.text.length > 1) {
      const pname = w.text.slice(1).toLowerCase().replace(/:$/, "");
      if (PS_PATH_PARAMS.has(pname)) {
        const v = args[++i];
        if (v !== undefined) for (const part of splitComma(v)) a.writeArg(part, op, "powershell", st);
      } else if (PS_VALUE_PARAMS.has(pname)) i++;
      continue;
    }
    for (const part of splitComma(w)) a.writeArg(part, op, "powershell", st);
  }
  return st;
}

function splitComma(w: Arg): Arg[] {
  if (w.opaque || !w.text.includes(",")) return [w];
  return w.text.split(",").map((s) => textArg(s.trim()));
}
