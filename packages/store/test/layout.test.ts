// The `.axiom/` layout (apply.md §3): one module builds every path under it, from the one literal
// of the name (rules' axiom-dir.ts, ARCH-1). It must stay free of zod and engine code so the gate
// and the stdio front can import it at start-up.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AXIOM_DIR, AXIOM_GITIGNORE_LINES, AXIOM_IGNORE_FORMS, AXIOM_REL, backupRel, layout } from "../src/layout";

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
    expect(specifiers).toEqual(["node:path", "@codai/axiom-rules"]);
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
    expect(AXIOM_IGNORE_FORMS).toContain(".axiom/**");
  });
});
