// Child process for the SIGKILL crash tests (bundled by esbuild at test time): applies the bundle
// in argv[2] to the root in argv[3]. It prints "go" once loaded, so the parent's kill instants fall
// inside the apply. With AXIOM_CRASH_FAST_FSYNC=1 fsync is a no-op through the seam: a SIGKILL
// does not lose page-cache data, so fsync only costs time here.
import * as fs from "node:fs";
import { apply, installFs } from "@codai/axiom-apply";

const [bundleFile, root, mode] = process.argv.slice(2) as [string, string, string | undefined];
if (process.env.AXIOM_CRASH_FAST_FSYNC === "1") installFs({ fsync: async () => undefined });
const bundle = JSON.parse(fs.readFileSync(bundleFile, "utf8"));
process.stdout.write("go\n");
const run = async () => {
  if (mode === "rollback") {
    const { rollback } = await import("@codai/axiom-apply");
    await rollback(root, bundle.manifestDigest);
    return;
  }
  const r = await apply({ bundle, root, mode: "fs", confirmDigest: bundle.manifestDigest, lockTimeoutMs: 10_000 });
  process.stdout.write(`${r.status}\n`);
};
void run();
