// git in the shell judgement (decisions SEC-5): global options (`-C`, `-c`, `--git-dir`, …), the
// subcommands that write working-tree paths (checkout, reset, clean, restore, rm, mv, stash as in
// hooks-doctor.md §2.6; apply, worktree, clone, archive, format-patch, bundle, --output), and
// configuration. A configuration key that makes git run a program or read more configuration
// (core.hooksPath, core.fsmonitor, core.sshCommand, alias.*, filter.*, include.path, …) is a
// protected write: it is judged as a write of `.git/config`, whatever the scope. Only keys on a
// short allowlist of inert settings (user.*, color.*, remote.*.url, …) are writable through it.
import type { Analyzer } from "./analyze/analyzer";
import type { ExecContext, State } from "./analyze/state";
import { getopts, patchPaths } from "./commands";
import { type Arg, argText, textArg } from "./words";

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

function keyMatches(key: string, pattern: string): boolean {
  const k = key.toLowerCase().split(".");
  const p = pattern.split(".");
  if (p.at(-1) === "*" && p.length === 2) return k[0] === p[0] && k.length >= 2;
  if (k.length !== p.length) return false;
  return p.every((part, i) => part === "*" || part === k[i]);
}

export function inertConfigKey(key: string, oneShot = false): boolean {
  if (!/^[A-Za-z][\w-]*(\.[^=]*)?\.[A-Za-z][\w-]*$/.test(key)) return false;
  return INERT_KEYS.some((p) => keyMatches(key, p)) || (oneShot && ONE_SHOT_KEYS.some((p) => keyMatches(key, p)));
}

const GIT_VALUE_OPTS = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--super-prefix",
  "--config-env",
  "--attr-source",
  "--list-cmds",
]);

const WORKTREE_WRITES: Record<string, "write" | "delete"> = {
  checkout: "write",
  reset: "write",
  clean: "delete",
  restore: "write",
  rm: "delete",
  mv: "write",
  stash: "write",
};

/** A protected write of the repository's configuration. */
function configWrite(a: Analyzer, via: string): void {
  a.emit({ kind: "rootPath", rel: ".git/config", op: "write", via });
}

export function gitCommand(a: Analyzer, args: Arg[], st: State, ctx: ExecContext): State {
  let s = st;
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i] as Arg;
    if (w.opaque) {
      a.opaque(args.slice(i), "git (unresolved option)", s, ctx);
      return st;
    }
    const t = w.text;
    if (!t.startsWith("-")) break;
    const eq = t.indexOf("=");
    const name = eq === -1 ? t : t.slice(0, eq);
    let value: Arg | undefined;
    if (GIT_VALUE_OPTS.has(name)) {
      value = eq === -1 ? args[++i] : textArg(t.slice(eq + 1));
      if (value === undefined) return st;
    }
    if (name === "-C" && value) {
      if (value.opaque) s = { ...s, cwds: [null] };
      else s = { ...s, cwds: s.cwds.map((c) => (c === null ? null : joinDir(c, value.text))) };
    } else if (name === "-c" && value) {
      const key = value.opaque ? "" : (value.text.split("=")[0] ?? "");
      if (!inertConfigKey(key, true)) configWrite(a, `git -c ${argText(value)}`);
    } else if (name === "--config-env" && value) {
      const key = value.opaque ? "" : (value.text.split("=")[0] ?? "");
      if (!inertConfigKey(key, true)) configWrite(a, `git --config-env ${argText(value)}`);
    } else if ((name === "--git-dir" || name === "--work-tree") && value) {
      a.mention(argText(value), `git ${name}`, s);
    } else if (name === "--exec-path" && value) {
      a.mention(argText(value), "git --exec-path", s);
    }
  }
  const subArg = args[i];
  if (subArg === undefined) return st;
  const rest = args.slice(i + 1);
  if (subArg.opaque) {
    a.opaque(args.slice(i), "git (unresolved subcommand)", s, ctx);
    return st;
  }
  const sub = subArg.text;
  const op = WORKTREE_WRITES[sub];
  if (op !== undefined) {
    const dd = rest.findIndex((x) => !x.opaque && x.text === "--");
    const operands = (dd === -1 ? rest : rest.slice(dd + 1)).filter((x) => x.opaque || !x.text.startsWith("-"));
    // `git stash list|show|…` and `git checkout <branch>` name no path: harmless as targets.
    for (const o of operands) a.writeArg(o, op, `git ${sub}`, s);
    if (sub === "clean" || (sub === "reset" && rest.some((x) => !x.opaque && x.text === "--hard")))
      a.writeArg(textArg("."), op, `git ${sub}`, s);
    return st;
  }
  switch (sub) {
    case "config":
      return gitConfig(a, rest, s, st);
    case "apply":
    case "am": {
      const p = getopts(rest, {
        long: ["directory", "exclude", "include", "whitespace", "build-fake-ancestor"],
        short: "pC",
      });
      for (const f of p.operands) {
        const text = f.opaque ? undefined : a.readAt(f.text, s);
        if (text !== undefined) for (const x of patchPaths(text)) a.writeArg(textArg(x), "write", `git ${sub}`, s);
        else a.mention(argText(f), `git ${sub}`, s);
      }
      if (p.operands.length === 0 && ctx.stdin !== undefined)
        for (const x of patchPaths(ctx.stdin)) a.writeArg(textArg(x), "write", `git ${sub}`, s);
      return st;
    }
    case "worktree": {
      const [verb, ...more] = rest;
      if (verb && !verb.opaque && verb.text === "add") {
        const p = getopts(more, { short: "bB", long: ["reason"] });
        if (p.operands[0]) a.intoArg(p.operands[0], "write", "git worktree add", s);
      }
      return st;
    }
    case "clone":
    case "init": {
      const p = getopts(rest, {
        short: "obcju",
        long: [
          "origin",
          "branch",
          "config",
          "reference",
          "depth",
          "jobs",
          "upload-pack",
          "separate-git-dir",
          "template",
          "shallow-since",
          "shallow-exclude",
          "filter",
          "server-option",
          "object-format",
          "ref-format",
          "initial-branch",
          "bundle-uri",
        ],
      });
      for (const c of p.opts.filter((o) => (o.name === "c" || o.name === "config") && o.value))
        if (!inertConfigKey(argText(c.value as Arg).split("=")[0] ?? "")) configWrite(a, `git ${sub} --config`);
      if (p.opts.some((o) => o.name === "template" || o.name === "u" || o.name === "upload-pack"))
        configWrite(a, `git ${sub} --template`);
      const dir = sub === "clone" ? p.operands[1] : p.operands[0];
      if (dir) a.intoArg(dir, "write", `git ${sub}`, s);
      return st;
    }
    case "submodule": {
      const [verb, ...more] = rest;
      if (verb && !verb.opaque && verb.text === "add") {
        const p = getopts(more, { short: "b", long: ["branch", "name", "reference", "depth"] });
        if (p.operands[1]) a.intoArg(p.operands[1], "write", "git submodule add", s);
        a.writeArg(textArg(".gitmodules"), "write", "git submodule add", s);
      }
      return st;
    }
    case "archive":
    case "format-patch":
    case "bundle":
    case "diff":
    case "log":
    case "show":
    case "blame":
    case "shortlog": {
      const p = getopts(rest, {
        short: sub === "archive" || sub === "format-patch" ? "o" : "",
        long: ["output", "output-directory", "format", "prefix", "remote"],
      });
      for (const o of p.opts.filter((x) => ["o", "output", "output-directory"].includes(x.name) && x.value)) {
        if (sub === "format-patch") a.intoArg(o.value as Arg, "write", "git format-patch -o", s);
        else a.writeArg(o.value as Arg, "write", `git ${sub} --output`, s);
      }
      if (
        sub === "bundle" &&
        p.operands[0] &&
        !p.operands[0].opaque &&
        p.operands[0].text === "create" &&
        p.operands[1]
      )
        a.writeArg(p.operands[1], "write", "git bundle create", s);
      return st;
    }
    case "filter-branch":
    case "filter-repo":
      a.opaque(rest, `git ${sub}`, s, ctx);
      return st;
    default:
      return st;
  }
}

const joinDir = (cwd: string, p: string) => (p.startsWith("/") ? p : cwd === "" ? p : `${cwd}/${p}`);

const CONFIG_READ = new Set([
  "--get",
  "--get-all",
  "--get-regexp",
  "--get-urlmatch",
  "--get-color",
  "--get-colorbool",
  "-l",
  "--list",
]);
const CONFIG_VALUE_OPTS = new Set(["-f", "--file", "--blob", "--type", "--default", "--comment", "--value", "--url"]);

function gitConfig(a: Analyzer, rest: Arg[], s: State, st: State): State {
  let file: Arg | undefined;
  let read = false;
  let edit = false;
  let unset = false;
  let rename = false;
  const operands: Arg[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] as Arg;
    if (w.opaque) {
      operands.push(w);
      continue;
    }
    const t = w.text;
    const name = t.includes("=") && t.startsWith("--") ? t.slice(0, t.indexOf("=")) : t;
    if (CONFIG_VALUE_OPTS.has(name)) {
      const v = t.includes("=") && t.startsWith("--") ? textArg(t.slice(t.indexOf("=") + 1)) : rest[++i];
      if ((name === "-f" || name === "--file") && v) file = v;
      continue;
    }
    if (CONFIG_READ.has(name)) read = true;
    else if (name === "-e" || name === "--edit") edit = true;
    else if (name === "--unset" || name === "--unset-all" || name === "--remove-section") unset = true;
    else if (name === "--rename-section") rename = true;
    else if (!t.startsWith("-") || operands.length > 0) operands.push(w);
  }
  // The subcommand form: git config get|list|set|unset|rename-section|remove-section|edit.
  const verb = operands[0] && !operands[0].opaque ? operands[0].text : "";
  if (["get", "list"].includes(verb)) return st;
  if (verb === "edit") edit = true;
  if (["unset", "remove-section"].includes(verb)) return st;
  if (verb === "rename-section") rename = true;
  if (["set", "edit", "rename-section"].includes(verb)) operands.shift();
  if (read || unset) return st;
  if (edit || rename) {
    configWrite(a, edit ? "git config --edit" : "git config --rename-section");
    if (file) a.writeArg(file, "write", "git config --file", s);
    return st;
  }
  // A write needs a key and a value; `git config KEY` alone reads.
  if (operands.length < 2) return st;
  const key = operands[0] as Arg;
  if (key.opaque || !inertConfigKey(key.text)) configWrite(a, `git config ${argText(key)}`);
  if (file) a.writeArg(file, "write", "git config --file", s);
  return st;
}
