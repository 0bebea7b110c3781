// The command table's lists (decisions SEC-3): commands that only read or print, commands whose
// every operand is a target, the shells whose text is walked again and the wrappers that run
// another command. dispatch.ts maps every name here (and the per-tool handlers) to what judges it.
import type { Op } from "../analyze/state";
import type { OptSpec } from "./getopts";

/** Commands that read or print only: no target, and their words are not checked. */
export const READ_ONLY: ReadonlySet<string> = new Set(
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
export const EVERY_OPERAND: ReadonlyMap<string, { op: Op; spec: OptSpec }> = new Map([
  ["tee", { op: "write", spec: { long: [] } }],
  ["touch", { op: "write", spec: { short: "dtr", long: ["date", "reference", "time"] } }],
  ["truncate", { op: "write", spec: { short: "sr", long: ["size", "reference"] } }],
  ["mkdir", { op: "write", spec: { short: "mZ", long: ["mode", "context"] } }],
  ["shred", { op: "write", spec: { short: "ns", long: ["iterations", "size", "random-source", "remove"] } }],
  ["rm", { op: "delete", spec: {} }],
  ["rmdir", { op: "delete", spec: {} }],
  ["unlink", { op: "delete", spec: {} }],
  ["mkfifo", { op: "write", spec: { short: "mZ", long: ["mode", "context"] } }],
  ["mknod", { op: "write", spec: { short: "mZ", long: ["mode", "context"] } }],
  ["sponge", { op: "write", spec: {} }],
]);

/** The shells whose `-c` text, script file or stdin is walked as shell. */
export const SHELLS: readonly string[] = [
  "sh",
  "bash",
  "dash",
  "zsh",
  "ksh",
  "mksh",
  "ash",
  "yash",
  "posh",
  "rbash",
  "lksh",
];

/** Wrappers that run the command after their options (the spec names the options that take a value). */
export const WRAPPERS: ReadonlyMap<string, OptSpec> = new Map([
  ["nohup", { stopAtOperand: true }],
  ["setsid", { stopAtOperand: true }],
  ["unbuffer", { stopAtOperand: true }],
  ["caffeinate", { short: "tw", stopAtOperand: true }],
  ["nice", { short: "n", long: ["adjustment"], stopAtOperand: true }],
  ["stdbuf", { short: "ioe", long: ["input", "output", "error"], stopAtOperand: true }],
  ["ionice", { short: "cnp", long: ["class", "classdata", "pid", "pgid", "uid"], stopAtOperand: true }],
  ["doas", { short: "uC", stopAtOperand: true }],
  ["command", { stopAtOperand: true }],
  ["builtin", { stopAtOperand: true }],
  ["exec", { short: "a", stopAtOperand: true }],
  ["time", { short: "fo", long: ["format", "output"], stopAtOperand: true }],
  ["runuser", { short: "ugGw", long: ["user", "group", "supp-group", "whitelist-environment"], stopAtOperand: true }],
  ["chrt", { stopAtOperand: true }],
  ["taskset", { stopAtOperand: true }],
  ["fakeroot", { short: "ils", stopAtOperand: true }],
]);
