// How a harness starts AXIOM (issue 19 item 8): the command init writes into every server entry and
// hook. It must resolve on this machine and run this very install — never a package name from a
// registry (the npm name `@codai/axiom-mcp` belongs to someone else, and npx in a hook is too slow).
import { realpathSync } from "node:fs";
import * as path from "node:path";
import { locateOnPath } from "../doctor/bin";

/** The program and the leading arguments before the verb (`mcp …`, `gate …`). */
export interface AxiomCommand {
  command: string;
  prefix: string[];
  /** Why this form was chosen, for init's output. */
  how: "global-bin" | "node-entry";
}

export interface ResolveInputs {
  /** The running CLI script (process.argv[1]); undefined when it cannot be determined. */
  entry: string | undefined;
  /** The running node binary (process.execPath). */
  execPath: string;
  /** Where `axiom` is on PATH, if anywhere. */
  locate?: () => Promise<string | undefined>;
}

const real = (p: string): string | undefined => {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
};

/**
 * The global `axiom` bin when it is installed and is this install (its realpath is the running
 * script: `npm install -g ./packages/mcp` and `npm link` both link it), otherwise the absolute
 * `node …/dist/cli.cjs` of the running install. A global bin of another install (another version or
 * a copy) is not used: the entries must run the tools this init describes.
 */
export async function resolveAxiomCommand(inputs: ResolveInputs): Promise<AxiomCommand> {
  const entry = inputs.entry === undefined ? undefined : binEntry(real(inputs.entry) ?? path.resolve(inputs.entry));
  const onPath = await (inputs.locate ?? locateOnPath)();
  if (onPath !== undefined && !isPackageRunnerBin(onPath) && entry !== undefined && real(onPath) === entry)
    return { command: "axiom", prefix: [], how: "global-bin" };
  if (entry === undefined) {
    // No script to point at (an embedder): the bin is the only name left; doctor reports it if absent.
    return { command: "axiom", prefix: [], how: "global-bin" };
  }
  return { command: inputs.execPath, prefix: [entry], how: "node-entry" };
}

/**
 * The bin file of an entry: dist/cli.js, the ES-module entry kept for older hook commands, runs
 * dist/cli.cjs; entries name cli.cjs itself, which starts a hook without Node's ESM loader (SPEED-9).
 */
function binEntry(entry: string): string {
  if (path.basename(entry) !== "cli.js") return entry;
  return real(path.join(path.dirname(entry), "cli.cjs")) ?? entry;
}

/**
 * `<dir>/node_modules/.bin/axiom`: on PATH only inside `npm run`, `npx` or `npm exec` (HOOK-52). A
 * harness started later has no such PATH, so an entry naming the bare `axiom` would not start.
 */
function isPackageRunnerBin(file: string): boolean {
  const bin = path.dirname(file);
  return path.basename(bin) === ".bin" && path.basename(path.dirname(bin)) === "node_modules";
}

/** The argv of one AXIOM invocation: program, prefix, then the verb's arguments. */
export const argvOf = (cmd: AxiomCommand, args: string[]): string[] => [cmd.command, ...cmd.prefix, ...args];

const SAFE_WORD = /^[A-Za-z0-9_./:@%+=,-]+$/;

/**
 * One shell command line for hooks that take a string (Claude Code, Codex, Gemini run it through
 * the shell). POSIX single quotes, or double quotes on Windows; plain words stay bare so the
 * common `axiom gate --stdin --harness claude` reads as written.
 */
export function shellLine(argv: string[], platform: NodeJS.Platform = process.platform): string {
  return argv
    .map((w) => {
      if (SAFE_WORD.test(w)) return w;
      if (platform === "win32") return `"${w.replace(/"/g, '\\"')}"`;
      return `'${w.replace(/'/g, "'\\''")}'`;
    })
    .join(" ");
}

/**
 * Splits a hook command line back into words (doctor): single quotes, double quotes with
 * backslash escapes, bare words. Shell syntax beyond that (`;`, `|`, `$(…)`) gives undefined:
 * doctor cannot say what such a line runs.
 */
export function splitShellLine(line: string): string[] | undefined {
  const words: string[] = [];
  let cur = "";
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) return undefined;
      cur += line.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        // POSIX: inside double quotes a backslash escapes only $ ` " \ (so C:\Users stays whole).
        if (line[j] === "\\" && /[$`"\\]/.test(line[j + 1] ?? "")) j++;
        cur += line[j];
      }
      if (j >= line.length) return undefined;
      i = j;
      inWord = true;
    } else if (c === "\\" && i + 1 < line.length) {
      cur += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = "";
      inWord = false;
    } else if (/[;&|<>`$()]/.test(c)) {
      return undefined;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  return words;
}
