// Fixture roots built by the real CLI (packages/mcp/dist/cli.js): compile, apply --confirm,
// rollback, check. Each helper returns the digests it made, for the tests to look for.
import * as fs from "node:fs/promises";
import * as path from "node:path";
import { runCli, type TempDir, tempDir } from "../../mcp/test/cli-run";

type Artifact = { path: string; op?: "create" | "overwrite" | "delete"; content?: string };

export async function axiom(args: string[]): Promise<string> {
  const run = await runCli(args);
  if (run.code !== 0 && run.code !== 1) throw new Error(`axiom ${args.join(" ")} → ${run.code}: ${run.stderr}`);
  return run.stdout;
}

/** Compiles a plan into a bundle stored under the root (a pending preview); returns its digest. */
export async function compile(
  t: TempDir,
  root: string,
  name: string,
  artifacts: Artifact[],
): Promise<{ digest: string; file: string }> {
  const plan = {
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name,
    intent: `${name} (test)`,
    artifacts: artifacts.map((a) => ({
      path: a.path,
      ...(a.op ? { op: a.op } : {}),
      ...(a.op === "delete" ? {} : { source: { type: "inline", content: a.content ?? "" } }),
    })),
  };
  const planFile = await t.write(`${name}.plan.json`, JSON.stringify(plan));
  const file = t.path(`${name}.bundle.json`);
  await axiom(["compile", planFile, "-o", file, "--root", root]);
  const bundle = JSON.parse(await fs.readFile(file, "utf8")) as { manifestDigest: string };
  return { digest: bundle.manifestDigest, file };
}

export async function apply(t: TempDir, root: string, name: string, artifacts: Artifact[]): Promise<string> {
  const { digest, file } = await compile(t, root, name, artifacts);
  await axiom(["apply", file, "--root", root, "--confirm", digest]);
  return digest;
}

export async function rollback(root: string, digest: string): Promise<void> {
  await axiom(["rollback", digest, "--root", root]);
}

export interface Fixture {
  t: TempDir;
  root: string;
  /** #1: create src/hello.ts, overwrite keep.txt, delete gone.txt (applied). */
  first: string;
  /** #2, undone by #3. */
  second: string;
  /** Compiled and checked, never applied: a secret on line 3 of config/keys.ts, a protected `.mcp.json`. */
  pending: string;
}

export const SECRET_LINE = 3;

export async function buildFixture(): Promise<Fixture> {
  const t = await tempDir("axiom-review-");
  const root = path.join(t.dir, "repo");
  await fs.mkdir(root);
  await fs.writeFile(path.join(root, "keep.txt"), "old line\nkeep\n");
  await fs.writeFile(path.join(root, "gone.txt"), "bye\n");
  const first = await apply(t, root, "add-greeting", [
    { path: "src/hello.ts", content: 'export const hello = (n: string) => "hello, " + n;\n' },
    { path: "keep.txt", op: "overwrite", content: "new line\nkeep\n" },
    { path: "gone.txt", op: "delete" },
  ]);
  const second = await apply(t, root, "add-notes", [{ path: "docs/notes.md", content: "# notes\n\nfirst\n" }]);
  await rollback(root, second);
  const p = await compile(t, root, "leak-a-key", [
    {
      path: "config/keys.ts",
      content: 'export const region = "eu";\n// the key\nexport const key = "AKIAIOSFODNN7EXAMPLE";\n',
    },
    { path: ".mcp.json", content: "{}\n" },
  ]);
  await axiom(["check", p.file, "--root", root]);
  return { t, root, first, second, pending: p.digest };
}
