// Vitest globalSetup: install the pinned harnesses into e2e/.harnesses (git-ignored) unless the
// cache already holds exactly these versions, then check each bin answers its version. Never
// skips: a harness that cannot be installed (no registry, a moved version) fails the whole suite.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { HARNESS_DIR, HARNESS_PACKAGES, type HarnessName, harnessBin } from "./harnesses";
import { CLI } from "./paths";

const STAMP = join(HARNESS_DIR, "pinned.json");

function wanted(): Record<string, string> {
  return Object.fromEntries(Object.values(HARNESS_PACKAGES).map((p) => [p.pkg, p.version]));
}

function versionOf(h: HarnessName): string {
  return execFileSync(harnessBin(h), ["--version"], {
    encoding: "utf8",
    timeout: 60_000,
    env: { PATH: process.env.PATH ?? "", HOME: HARNESS_DIR, DISABLE_AUTOUPDATER: "1", NO_COLOR: "1" },
  }).trim();
}

function install(): void {
  mkdirSync(HARNESS_DIR, { recursive: true });
  const manifest = { name: "axiom-e2e-harnesses", private: true, dependencies: wanted() };
  writeFileSync(join(HARNESS_DIR, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  try {
    execFileSync("npm", ["install", "--prefix", HARNESS_DIR, "--no-audit", "--no-fund", "--save-exact"], {
      stdio: ["ignore", "inherit", "inherit"],
      timeout: 15 * 60_000,
    });
  } catch (err) {
    throw new Error(
      `e2e: cannot install the pinned harnesses from npm into ${HARNESS_DIR} (${Object.entries(wanted())
        .map(([p, v]) => `${p}@${v}`)
        .join(", ")}): ${(err as Error).message}. The suite does not run without them.`,
    );
  }
}

export default function setup(): void {
  if (!existsSync(CLI)) throw new Error(`e2e: ${CLI} is missing: run npm run build first`);
  const stamped = existsSync(STAMP) ? readFileSync(STAMP, "utf8") : "";
  if (stamped !== JSON.stringify(wanted())) install();
  for (const h of Object.keys(HARNESS_PACKAGES) as HarnessName[]) {
    let got: string;
    try {
      got = versionOf(h);
    } catch (err) {
      throw new Error(`e2e: harness ${h} does not run from ${harnessBin(h)}: ${(err as Error).message}`);
    }
    if (!got.includes(HARNESS_PACKAGES[h].versionText)) {
      throw new Error(`e2e: harness ${h} answers "${got}", expected ${HARNESS_PACKAGES[h].versionText}`);
    }
  }
  writeFileSync(STAMP, JSON.stringify(wanted()));
}
