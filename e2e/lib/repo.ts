// A repository under test: a fresh temp git repo with one source file, wired by the built CLI's
// `axiom init --harness <h>` exactly as a user would run it, and an isolated HOME next to it.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type TempRepo, tempRepo } from "@codai/axiom-testkit";
import { CLI } from "./paths";

export type InitHarness = "claude" | "codex" | "copilot" | "gemini";

export interface WiredRepo extends TempRepo {
  home: string;
  /** What init printed (its todo lines name the trust steps the test then performs). */
  initOutput: string;
}

export const SEED = { "src/a.ts": "export const a = 1;\n", "README.md": "# e2e\n" };

export async function wiredRepo(harness: InitHarness, initArgs: readonly string[] = []): Promise<WiredRepo> {
  const repo = await tempRepo({ ...SEED }, { git: true, prefix: `axiom-e2e-${harness}-` });
  const home = join(repo.root, "..", `${repo.root.split("/").at(-1)}-home`);
  mkdirSync(home, { recursive: true });
  const initOutput = execFileSync(process.execPath, [CLI, "init", "--harness", harness, ...initArgs], {
    cwd: repo.root,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: home },
  });
  return { ...repo, home, initOutput };
}
