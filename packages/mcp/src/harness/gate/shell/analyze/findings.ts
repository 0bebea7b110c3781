// What the walk reports (decisions SEC-3, SEC-4): every write target, directory written into,
// opaque text and link it finds, each under every working directory the shell may be in. The walk
// and the command table only record; judge.ts decides the findings against the gate profile.
import * as path from "node:path";
import { joinCwd, joinPattern, norm } from "../paths";
import { unescapePattern } from "../pattern-form";
import { type Arg, argText } from "../words";
import type { Cwd, ExecContext, Op, State } from "./state";

export type Finding =
  /** A literal path (relative to the hook's cwd, or absolute). */
  | { kind: "path"; raw: string; op: Op; via: string }
  /** A live glob in pattern form (relative to the hook's cwd, or absolute). */
  | { kind: "glob"; pattern: string; op: Op; via: string }
  /** Names the gate cannot know are written under this directory. */
  | { kind: "into"; dir: string; op: Op; via: string }
  /** A path written from a directory the gate cannot know (pattern form). */
  | { kind: "loose"; name: string; op: Op; via: string }
  /** Text of an opaque command, script or word: denies when it names a protected path. */
  | { kind: "mention"; text: string; cwd: Cwd; via: string }
  /** An opaque command runs in this directory: denies when it is a protected one. */
  | { kind: "area"; dir: string; via: string }
  /** A link (symbolic or hard) to `source` is created: denies when `source` is protected. */
  | { kind: "alias"; source: string; via: string }
  /** A root-relative path (`.git/config` for git configuration that runs programs). */
  | { kind: "rootPath"; rel: string; op: Op; via: string };

const MAX_FINDINGS = 100_000;

export class FindingRecorder {
  readonly findings: Finding[] = [];

  emit(f: Finding): void {
    // No silent cap (a long list of harmless writes must not hide the last one): past this many
    // findings the line is refused as too complex to judge (ERR_INTERNAL, fail-closed).
    if (this.findings.length >= MAX_FINDINGS) throw new Error("the command line is too complex to judge");
    this.findings.push(f);
  }

  /** A write (or delete) of one argument under every possible cwd. */
  writeArg(arg: Arg, op: Op, via: string, st: State): void {
    for (const cwd of st.cwds) {
      if (arg.opaque) this.writeOpaqueAt(arg, op, via, cwd);
      else this.writeLiteralAt(arg, op, via, cwd, st);
    }
  }

  private writeLiteralAt(arg: Arg & { opaque: false }, op: Op, via: string, cwd: Cwd, st: State): void {
    if (arg.text === "" || arg.text === "-") return;
    if (!arg.glob && /^\/dev\//.test(arg.text)) return;
    if (cwd === null && !path.posix.isAbsolute(arg.text)) {
      this.emit({ kind: "loose", name: arg.pat, op, via });
      return;
    }
    const base = cwd ?? "";
    if (arg.glob) {
      const pattern = path.posix.isAbsolute(arg.pat) ? arg.pat : joinPattern(base, arg.pat);
      this.emit({ kind: "glob", pattern, op, via });
      return;
    }
    const raw = joinCwd(base, arg.text);
    this.emit({ kind: "path", raw: raw === "" ? "." : raw, op, via });
    for (const [link, target] of st.links) {
      if (raw === link || raw.startsWith(`${link}/`))
        this.emit({
          kind: "path",
          raw: norm(target + raw.slice(link.length)) || ".",
          op,
          via: `${via} (via link ${link})`,
        });
    }
  }

  private writeOpaqueAt(arg: Arg & { opaque: true }, op: Op, via: string, cwd: Cwd): void {
    this.emit({ kind: "mention", text: arg.visible, cwd, via });
    // `.claude/$X`: the directory is known.
    const slash = arg.prefix.lastIndexOf("/");
    if (slash > 0 && cwd !== null) {
      const dir = unescapePattern(arg.prefix.slice(0, slash));
      this.emit({ kind: "into", dir: joinCwd(cwd, dir), op, via });
    }
    // `$X/settings.json`: the file name is known, the directory is not.
    const tail = arg.suffix.split("/");
    if (arg.suffix.includes("/") && (tail.at(-1) ?? "") !== "")
      this.emit({ kind: "loose", name: tail.at(-1) as string, op, via });
  }

  /** Unknown names written under a directory argument. */
  intoArg(arg: Arg, op: Op, via: string, st: State): void {
    for (const cwd of st.cwds) {
      if (arg.opaque) {
        this.emit({ kind: "mention", text: arg.visible, cwd, via });
        continue;
      }
      if (arg.glob) {
        this.emit({ kind: "glob", pattern: joinPattern(cwd ?? "", `${arg.pat}/**`), op, via });
        continue;
      }
      if (cwd === null && !path.posix.isAbsolute(arg.text)) {
        this.emit({ kind: "mention", text: arg.text, cwd, via });
        continue;
      }
      const dir = joinCwd(cwd ?? "", arg.text);
      this.emit({ kind: "into", dir, op, via });
      for (const [link, target] of st.links)
        if (dir === link || dir.startsWith(`${link}/`))
          this.emit({ kind: "into", dir: norm(target + dir.slice(link.length)), op, via });
    }
  }

  /** Unknown names written into the working directory itself (an unknown cwd is read as the hook's). */
  intoEachCwd(via: string, st: State): void {
    for (const cwd of st.cwds) this.emit({ kind: "into", dir: cwd ?? "", op: "write", via });
  }

  /** An opaque program runs in each directory the line moved to (the hook's own cwd is not one). */
  area(via: string, st: State): void {
    for (const cwd of st.cwds) if (cwd !== null && cwd !== "") this.emit({ kind: "area", dir: cwd, via });
  }

  /** The text of an opaque command's argument: checked for protected names. */
  mention(text: string, via: string, st: State): void {
    if (text === "") return;
    for (const cwd of st.cwds) this.emit({ kind: "mention", text, cwd, via });
  }

  /** An opaque command: all its words (and its stdin text) may name what it writes. */
  opaque(args: Arg[], via: string, st: State, ctx: ExecContext): void {
    for (const a of args) this.mention(argText(a), via, st);
    if (ctx.stdin !== undefined) this.mention(ctx.stdin, `${via} (stdin)`, st);
    this.area(via, st);
  }

  /** A link named `link` pointing at `target` (symbolic: relative to the link's directory). */
  link(target: Arg, link: Arg, symbolic: boolean, via: string, st: State): void {
    for (const cwd of st.cwds) {
      if (target.opaque) {
        this.emit({ kind: "mention", text: target.visible, cwd, via });
        continue;
      }
      if (cwd === null && !path.posix.isAbsolute(target.text)) {
        this.emit({ kind: "mention", text: target.text, cwd, via });
        continue;
      }
      const base = cwd ?? "";
      if (link.opaque || link.glob) {
        this.emit({ kind: "alias", source: joinCwd(base, target.text), via });
        continue;
      }
      const linkPath = joinCwd(base, link.text);
      const source = symbolic ? joinCwd(path.posix.dirname(linkPath), target.text) : joinCwd(base, target.text);
      this.emit({ kind: "alias", source, via });
      st.links.set(linkPath, source);
    }
  }
}
