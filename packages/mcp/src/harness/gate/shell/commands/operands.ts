// Operand arithmetic of the command table (decisions SEC-3): what `cp a b/` writes is `b/a`, what
// `curl -O URL` writes is the URL's last segment, so handlers build target words from other words.
// Opaque parts stay opaque, so the fail-closed rule still reads their text.
import * as path from "node:path";
import { type Arg, argText, literalArg, textArg } from "../words";

/** The last path segment of a word; undefined when opaque or empty. */
export const basenameArg = (a: Arg): Arg | undefined => {
  if (a.opaque) return undefined;
  const b = path.posix.basename(a.text.replace(/\/+$/, ""));
  return b === "" ? undefined : textArg(b);
};

/** `dir/name`, opaque when either side is. */
export const joinArg = (dir: Arg, name: Arg): Arg => {
  if (dir.opaque || name.opaque)
    return { opaque: true, visible: `${argText(dir)}/${argText(name)}`, prefix: "", suffix: "" };
  return literalArg(`${dir.pat.replace(/\/+$/, "")}/${name.pat}`);
};

/** Words joined by spaces into one (shell text for `eval a b`, `watch cmd args`). */
export function textJoin(args: Arg[]): Arg {
  if (args.every((x) => !x.opaque)) return textArg(args.map((x) => (x as { text: string }).text).join(" "));
  return { opaque: true, visible: args.map(argText).join(" "), prefix: "", suffix: "" };
}
