// `git config` (decisions SEC-5): a write of a key that is not inert (config-keys.ts), at any
// scope and in either syntax (`git config KEY VALUE`, `set`, `--add`, `--replace-all`, `--edit`,
// `--rename-section`), is judged as a write of `.git/config`; `--file F` is a write of F too.
// Reads (`--get*`, `--list`, `get`, `list`, a key alone) and `--unset`/`--remove-section` are not.
import type { Analyzer } from "../../analyze/analyzer";
import type { State } from "../../analyze/state";
import { type Arg, argText, textArg } from "../../words";
import { inertConfigKey } from "./config-keys";

/** A protected write of the repository's configuration. */
export function configWrite(a: Analyzer, via: string): void {
  a.emit({ kind: "rootPath", rel: ".git/config", op: "write", via });
}

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

interface ConfigCall {
  file?: Arg;
  read: boolean;
  edit: boolean;
  unset: boolean;
  rename: boolean;
  operands: Arg[];
}

/** The options of `git config` (option syntax) and its operands. */
function readConfigArgs(rest: Arg[]): ConfigCall {
  const call: ConfigCall = { read: false, edit: false, unset: false, rename: false, operands: [] };
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] as Arg;
    if (w.opaque) {
      call.operands.push(w);
      continue;
    }
    const t = w.text;
    const name = t.includes("=") && t.startsWith("--") ? t.slice(0, t.indexOf("=")) : t;
    if (CONFIG_VALUE_OPTS.has(name)) {
      const v = t.includes("=") && t.startsWith("--") ? textArg(t.slice(t.indexOf("=") + 1)) : rest[++i];
      if ((name === "-f" || name === "--file") && v) call.file = v;
      continue;
    }
    if (CONFIG_READ.has(name)) call.read = true;
    else if (name === "-e" || name === "--edit") call.edit = true;
    else if (name === "--unset" || name === "--unset-all" || name === "--remove-section") call.unset = true;
    else if (name === "--rename-section") call.rename = true;
    else if (!t.startsWith("-") || call.operands.length > 0) call.operands.push(w);
  }
  return call;
}

export function gitConfig(a: Analyzer, rest: Arg[], s: State): void {
  const call = readConfigArgs(rest);
  const { file, operands } = call;
  // The subcommand form: git config get|list|set|unset|rename-section|remove-section|edit.
  const verb = operands[0] && !operands[0].opaque ? operands[0].text : "";
  if (["get", "list"].includes(verb)) return;
  if (verb === "edit") call.edit = true;
  if (["unset", "remove-section"].includes(verb)) return;
  if (verb === "rename-section") call.rename = true;
  if (["set", "edit", "rename-section"].includes(verb)) operands.shift();
  if (call.read || call.unset) return;
  if (call.edit || call.rename) {
    configWrite(a, call.edit ? "git config --edit" : "git config --rename-section");
    if (file) a.writeArg(file, "write", "git config --file", s);
    return;
  }
  // A write needs a key and a value; `git config KEY` alone reads.
  if (operands.length < 2) return;
  const key = operands[0] as Arg;
  if (key.opaque || !inertConfigKey(key.text)) configWrite(a, `git config ${argText(key)}`);
  if (file) a.writeArg(file, "write", "git config --file", s);
}
