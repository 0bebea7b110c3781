// The `bin` check (hooks-doctor.md §4.2): the global `axiom` on PATH reports this CLI's version.
// PATH is searched in-process (what `which` / `where` do); the version runs with an argv array.
import { execFile } from "node:child_process";
import { constants } from "node:fs";
import { access } from "node:fs/promises";
import * as path from "node:path";
import type { DoctorCheck } from "./types";

export type BinLocator = () => Promise<string | undefined>;
export type VersionReader = (bin: string) => Promise<string | undefined>;

export const locateOnPath: BinLocator = async () => {
  const dirs = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const exts = process.platform === "win32" ? (process.env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";") : [""];
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = path.join(dir, `axiom${ext}`);
      try {
        await access(candidate, process.platform === "win32" ? constants.F_OK : constants.X_OK);
        return candidate;
      } catch {
        // next
      }
    }
  }
  return undefined;
};

export const readBinVersion: VersionReader = (bin) =>
  new Promise((resolve) => {
    execFile(bin, ["--version"], { shell: false, timeout: 10_000, windowsHide: true }, (err, stdout) => {
      const v = String(stdout).trim();
      resolve(err || v === "" ? undefined : v);
    });
  });

/**
 * An install command that works: the npm name `@codai/axiom-mcp` belongs to someone else, so the only
 * installs are from a clone of AXIOM — or of this very package folder when it is one.
 */
export function installHint(entry?: string): string {
  const clone =
    "from the AXIOM clone: npm ci && npm run build && npm install -g ./packages/mcp (or npm link in packages/mcp)";
  if (entry === undefined) return clone;
  const pkg = path.dirname(path.dirname(entry));
  // A copy npm installed (…/node_modules/…) is no source to install from.
  if (pkg.split(path.sep).includes("node_modules")) return clone;
  return `npm install -g ${pkg} (this install), or ${clone}`;
}

export async function binCheck(
  version: string,
  locate: BinLocator,
  readVersion: VersionReader,
  entry?: string,
): Promise<DoctorCheck> {
  const hint = installHint(entry);
  const bin = await locate();
  if (bin === undefined) return { id: "bin", status: "warn", message: "axiom is not on PATH", hint };
  const found = await readVersion(bin);
  if (found === undefined) return { id: "bin", status: "warn", message: `${bin}: version unknown`, hint };
  if (found !== version) {
    return { id: "bin", status: "warn", message: `${bin} is ${found}, this CLI is ${version}`, hint };
  }
  return { id: "bin", status: "ok", message: `${bin} ${found}` };
}
