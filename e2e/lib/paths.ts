// Where things are: the repository, the e2e folder and the built CLI the harnesses are wired with.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const E2E_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const REPO_DIR = dirname(E2E_DIR);
export const CLI = join(REPO_DIR, "packages", "mcp", "dist", "cli.cjs");
