// The `.axiom/` layout (apply.md §3): one module builds every path under it, from the one literal
// of the name (rules' axiom-dir.ts, ARCH-1). It must stay free of zod and engine code so the gate
// and the stdio front can import it at start-up.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  AXIOM_DIR,
  AXIOM_GITIGNORE_LINES,
  AXIOM_REL,
  AXIOM_SELF_GITIGNORE,
  axiomDir,
  backupRel,
  layout,
} from "../src/layout";

const REPO = fileURLToPath(new URL("../../..", import.meta.url));
const LAYOUT = join("packages", "store", "src", "layout.ts");
const NAME = join("packages", "rules", "src", "axiom-dir.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(ts|mts|mjs)$/.test(name) ? [p] : [];
  });
}

describe("layout", () => {
  it("the string literal \".axiom appears in no source file but the name's own module (issue 18 acceptance, ARCH-1)", () => {
    const hits: string[] = [];
    for (const pkg of readdirSync(join(REPO, "packages"))) {
      const src = join(REPO, "packages", pkg, "src");
      if (!statSync(join(REPO, "packages", pkg)).isDirectory()) continue;
      let files: string[] = [];
      try {
        files = sourceFiles(src);
      } catch {
        continue;
      }
      for (const f of files) {
        const rel = relative(REPO, f);
        if (rel === NAME) continue;
        readFileSync(f, "utf8")
          .split("\n")
          .forEach((line, i) => {
            if (line.includes('".axiom')) hits.push(`${rel.split(sep).join("/")}:${i + 1}`);
          });
      }
    }
    expect(hits).toEqual([]);
  });

  it("imports nothing but node:path and the zero-dependency rules (the gate's start-up stays zod-free)", () => {
    const text = readFileSync(join(REPO, LAYOUT), "utf8");
    const specifiers = [...text.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
    expect(specifiers).toEqual(["node:path", "@codai/axiom-rules/axiom-dir"]);
  });

  it("paths: <hex>.json files, the worktree by hex12, targets and backups by RelPath segments", () => {
    const r = join("/", "r");
    const hex = "ab".repeat(32);
    expect(layout.manifest(r, hex)).toBe(join(r, AXIOM_DIR, "manifests", `${hex}.json`));
    expect(layout.applied(r, hex)).toBe(join(r, AXIOM_DIR, "applied", `${hex}.json`));
    expect(layout.report(r, hex)).toBe(join(r, AXIOM_DIR, "reports", `${hex}.json`));
    expect(layout.cas(r, hex)).toBe(join(r, AXIOM_DIR, "cas", "sha256", "ab", hex));
    expect(layout.worktree(r, hex)).toBe(join(r, AXIOM_DIR, "wt", hex.slice(0, 12)));
    expect(layout.backupFile(r, hex, "a/b.txt")).toBe(join(r, AXIOM_DIR, "backup", hex, "a", "b.txt"));
    expect(backupRel(hex, "a/b.txt")).toBe(`.axiom/backup/${hex}/a/b.txt`);
    expect(AXIOM_REL.trustKeys).toBe(".axiom/trust/keys.json");
    expect(AXIOM_GITIGNORE_LINES).toEqual([".axiom/*", "!.axiom/profiles/", "!.axiom/gate-profile.json"]);
  });
});

describe("every path of the layout (apply.md §3, formats.md §9.1)", () => {
  const r = join("/", "r");
  const ax = join(r, AXIOM_DIR);
  const hex = "0123456789abcdef".repeat(4);

  it.each([
    ["axiom", layout.axiom(r), ax],
    ["lock", layout.lock(r), join(ax, "lock")],
    ["queue", layout.queue(r), join(ax, "queue")],
    ["queueTicket", layout.queueTicket(r, "t1"), join(ax, "queue", "t1")],
    ["intents", layout.intents(r), join(ax, "intents")],
    ["intent", layout.intent(r, "i1"), join(ax, "intents", "i1")],
    ["intentsMutex", layout.intentsMutex(r), join(ax, "intents", ".mutex")],
    ["stagingRoot", layout.stagingRoot(r), join(ax, "staging")],
    ["staging", layout.staging(r, hex), join(ax, "staging", hex)],
    ["stagedFile", layout.stagedFile(r, hex, "a/b/c.txt"), join(ax, "staging", hex, "a", "b", "c.txt")],
    ["journalDir", layout.journalDir(r), join(ax, "journal")],
    ["journal", layout.journal(r, hex), join(ax, "journal", `${hex}.json`)],
    ["chain", layout.chain(r), join(ax, "journal", "chain.jsonl")],
    ["backupRoot", layout.backupRoot(r), join(ax, "backup")],
    ["backup", layout.backup(r, hex), join(ax, "backup", hex)],
    ["appliedDir", layout.appliedDir(r), join(ax, "applied")],
    ["manifestsDir", layout.manifestsDir(r), join(ax, "manifests")],
    ["about", layout.about(r, hex), join(ax, "about", `${hex}.json`)],
    ["reportsDir", layout.reportsDir(r), join(ax, "reports")],
    ["casDir", layout.casDir(r), join(ax, "cas")],
    ["casRoot", layout.casRoot(r), join(ax, "cas", "sha256")],
    ["profilesDir", layout.profilesDir(r), join(ax, "profiles")],
    ["gateProfile", layout.gateProfile(r), join(ax, "gate-profile.json")],
    ["selfGitignore", layout.selfGitignore(r), join(ax, ".gitignore")],
    ["trustDir", layout.trustDir(r), join(ax, "trust")],
    ["tmp", layout.tmp(r), join(ax, "tmp")],
    ["wtDir", layout.wtDir(r), join(ax, "wt")],
    ["target", layout.target(r, "x/y.txt"), join(r, "x", "y.txt")],
  ])("%s", (_name, got, want) => {
    expect(got).toBe(want);
  });

  it("axiomDir is the root's `.axiom`; the relative spellings other layers name", () => {
    expect(axiomDir(r)).toBe(ax);
    expect(AXIOM_REL).toEqual({
      trustKeys: ".axiom/trust/keys.json",
      trustState: ".axiom/trust/state.json",
      trustStateKey: ".axiom/trust/state.key",
      gateProfile: ".axiom/gate-profile.json",
    });
  });

  it("`.axiom/.gitignore`: a header line, then init's lines anchored to `.axiom/` itself", () => {
    expect(AXIOM_SELF_GITIGNORE).toBe(
      "# AXIOM's working state: not for git (written by AXIOM)\n/*\n!/profiles/\n!/gate-profile.json\n",
    );
  });
});
