// A throw-away repo layout under os.tmpdir() for the guard tests: files given as path → text.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface FixtureRepo {
  dir: string;
  write(path: string, text: string): void;
  cleanup(): void;
}

export function fixtureRepo(files: Record<string, string> = {}): FixtureRepo {
  const dir = mkdtempSync(join(tmpdir(), "axiom-guard-"));
  const write = (path: string, text: string) => {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  };
  for (const [path, text] of Object.entries(files)) write(path, text);
  return { dir, write, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
