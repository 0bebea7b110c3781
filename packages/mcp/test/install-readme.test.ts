// Issue 21 acceptance: "README's install section works verbatim in a clean container-like temp HOME".
// The commands are read from the README's `## Install` block, so the test follows the README; each
// runs as written (argv, no shell) with HOME and npm's global prefix in a temp directory, so nothing
// of this machine's npm setup is used and nothing outside the temp directory is installed. `npm ci
// && npm run build` are the test run's own preconditions (the vitest globalSetup builds dist from
// this tree); running `npm ci` here would reinstall the node_modules the other tests are using.
import { spawnSync } from "node:child_process";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, type TempDir, tempDir } from "./cli-run";

const VERSION = JSON.parse(await readFile(join(REPO, "packages/mcp/package.json"), "utf8")).version as string;

/** The shell lines of the README's `## Install` section (its first ```sh block). */
async function installBlock(): Promise<string[]> {
  const readme = await readFile(join(REPO, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## Install\n"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error("README: no ```sh block under ## Install");
  return block.trim().split("\n");
}

/** `a && b && c    # or: d && e` → [[a, b, c], [d, e]]: the main route and the alternative in the comment. */
function routes(line: string): string[][] {
  const [main, comment] = line.split("#");
  const alt = comment?.replace(/^\s*or:\s*/, "");
  return [main, alt]
    .filter((s): s is string => s !== undefined && s.trim() !== "")
    .map((s) => s.split("&&").map((c) => c.trim()));
}

let tmp: TempDir;
let env: Record<string, string>;
const prefix = () => tmp.path("prefix");

beforeAll(async () => {
  tmp = await tempDir("axiom-install-");
  await mkdir(tmp.path("home"));
  await mkdir(prefix());
  // A clean HOME and npm prefix; only PATH (for node and npm) is inherited.
  env = { PATH: process.env.PATH ?? "", HOME: tmp.path("home"), npm_config_prefix: prefix(), LANG: "C.UTF-8" };
});
afterAll(() => tmp.cleanup());

function run(command: string, cwd: string) {
  const [cmd, ...args] = command.split(/\s+/);
  if (cmd === "axiom")
    return spawnSync(join(prefix(), "bin", "axiom"), args, { cwd, env, encoding: "utf8", shell: false });
  return spawnSync(cmd as string, args, { cwd, env, encoding: "utf8", shell: false, timeout: 120_000 });
}

describe("README install section (issue 21)", () => {
  it("says: build, install globally from ./packages/mcp (or npm link), then `axiom --version`", async () => {
    const [install, check] = await installBlock();
    expect(routes(install as string)).toEqual([
      ["npm ci", "npm run build", "npm install -g ./packages/mcp"],
      ["cd packages/mcp", "npm link"],
    ]);
    expect(check).toBe("axiom --version");
  });

  it.each([
    ["npm install -g ./packages/mcp", 0],
    ["npm link", 1],
  ] as const)(
    "`%s` into a temp prefix, then `axiom --version` from its bin prints the version; the installed CLI runs its verbs",
    async (_, route) => {
      const [install, check] = await installBlock();
      const steps = (routes(install as string)[route] as string[]).filter(
        (c) => c !== "npm ci" && c !== "npm run build",
      );
      let cwd = REPO;
      for (const step of steps) {
        if (step.startsWith("cd ")) {
          cwd = join(cwd, step.slice(3));
          continue;
        }
        const r = run(step, cwd);
        expect({ step, status: r.status, stderr: r.stderr }).toMatchObject({ step, status: 0 });
      }
      const version = run(check as string, tmp.dir);
      expect({ status: version.status, stdout: version.stdout, stderr: version.stderr }).toEqual({
        status: 0,
        stdout: `${VERSION}\n`,
        stderr: "",
      });
      // Not only the entry: a verb that loads cli-main and the workspace code through the link.
      const status = run("axiom status --root . --json", tmp.dir);
      expect(status.status).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({ root: tmp.dir });
      expect(run("npm uninstall -g @codai/axiom-mcp", REPO).status).toBe(0);
    },
  );
});
