// Guard test helpers: a temp root whose scripts/ holds the fixture guards, real processes.
import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CheckRefInput, ManifestBundle } from "@codai/axiom-schema";
import { type RunChecksInput, runChecks } from "../src/index";
import { makeBundle, profileOf, tempRoot, writeTree } from "./helpers";

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "fixtures");

export async function guardRoot(): Promise<string> {
  const root = await tempRoot();
  for (const name of await readdir(FIXTURES))
    await writeTree(root, `scripts/${name}`, await readFile(join(FIXTURES, name)));
  return root;
}

export const guardCheck = (params: Record<string, unknown>, extra: Partial<CheckRefInput> = {}): CheckRefInput => ({
  id: "guard",
  predicate: "guard.external",
  params,
  ...extra,
});

export const smallBundle = (): ManifestBundle =>
  makeBundle({ artifacts: [{ path: "src/a.ts", content: "export {}\n" }] });

export async function runGuards(
  root: string,
  checks: CheckRefInput[],
  opts: Partial<RunChecksInput> & { profileAllows?: boolean } = {},
) {
  const { profileAllows = true, ...rest } = opts;
  return runChecks({
    bundle: smallBundle(),
    profile: profileOf(checks, { facts: { allowRepo: true, allowGuards: profileAllows } }),
    root,
    allowGuards: true,
    ...rest,
  });
}

/** True while `pid` exists and is not a zombie (a zombie is dead, merely unreaped). */
export async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return process.platform !== "linux";
  }
}

export async function readPids(file: string): Promise<number[]> {
  for (let i = 0; i < 100; i++) {
    try {
      const text = (await readFile(file, "utf8")).trim();
      if (text) return text.split(/\s+/).map(Number);
    } catch {
      // not written yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`pid file never written: ${file}`);
}

export async function waitDead(pid: number, ms = 2000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!(await isAlive(pid))) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return !(await isAlive(pid));
}
