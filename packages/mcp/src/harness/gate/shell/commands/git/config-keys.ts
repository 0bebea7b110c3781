// Which git configuration keys are inert (decisions SEC-5): setting user.*, color.*,
// remote.*.url, … changes no program git runs. Every other key — core.hooksPath, core.fsmonitor,
// core.sshCommand, alias.*, filter.*, include.path, and any key not listed — is judged as a
// write of `.git/config`, so an agent cannot make git run a program of its choosing.

/** Inert configuration keys (lowercased; `*` is one dotted part, a trailing `.*` the rest). */
const INERT_KEYS = [
  "user.*",
  "author.*",
  "committer.*",
  "color.*",
  "init.defaultbranch",
  "pull.rebase",
  "pull.ff",
  "push.default",
  "push.autosetupremote",
  "push.followtags",
  "fetch.prune",
  "fetch.prunetags",
  "fetch.parallel",
  "merge.ff",
  "merge.conflictstyle",
  "merge.log",
  "rebase.autosquash",
  "rebase.autostash",
  "rebase.updaterefs",
  "rerere.enabled",
  "rerere.autoupdate",
  "commit.gpgsign",
  "commit.verbose",
  "commit.cleanup",
  "tag.gpgsign",
  "tag.sort",
  "core.autocrlf",
  "core.eol",
  "core.filemode",
  "core.ignorecase",
  "core.quotepath",
  "core.whitespace",
  "core.safecrlf",
  "core.precomposeunicode",
  "core.longpaths",
  "core.symlinks",
  "core.compression",
  "core.bigfilethreshold",
  "core.abbrev",
  "advice.*",
  "branch.*.remote",
  "branch.*.merge",
  "branch.*.rebase",
  "branch.*.description",
  "branch.*.pushremote",
  "branch.autosetupmerge",
  "branch.autosetuprebase",
  "branch.sort",
  "remote.*.url",
  "remote.*.pushurl",
  "remote.*.fetch",
  "remote.*.push",
  "remote.*.tagopt",
  "remote.*.prune",
  "remote.pushdefault",
  "diff.algorithm",
  "diff.renames",
  "diff.colormoved",
  "diff.mnemonicprefix",
  "diff.noprefix",
  "diff.context",
  "diff.renamelimit",
  "log.*",
  "status.*",
  "help.autocorrect",
  "gc.auto",
  "gc.autodetach",
  "grep.*",
  "column.*",
  "i18n.*",
  "submodule.recurse",
  "checkout.defaultremote",
  "worktree.guessremote",
  "format.signoff",
  "http.postbuffer",
];
/** Only for `git -c` (one command, nothing persists): the pager and editors agents set to `cat`/`true`. */
const ONE_SHOT_KEYS = ["core.pager", "pager.*", "core.editor", "sequence.editor"];

/** `*` matches one dotted part; a two-part pattern ending in `.*` matches the rest. */
function keyMatches(key: string, pattern: string): boolean {
  const k = key.toLowerCase().split(".");
  const p = pattern.split(".");
  if (p.at(-1) === "*" && p.length === 2) return k[0] === p[0] && k.length >= 2;
  if (k.length !== p.length) return false;
  return p.every((part, i) => part === "*" || part === k[i]);
}

/** Whether setting `key` is harmless (`oneShot`: for one command only, `git -c`). */
export function inertConfigKey(key: string, oneShot = false): boolean {
  if (!/^[A-Za-z][\w-]*(\.[^=]*)?\.[A-Za-z][\w-]*$/.test(key)) return false;
  return INERT_KEYS.some((p) => keyMatches(key, p)) || (oneShot && ONE_SHOT_KEYS.some((p) => keyMatches(key, p)));
}
