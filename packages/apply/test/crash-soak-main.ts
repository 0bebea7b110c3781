// Soak driver for bench/crash-soak.mjs: the crash-sigkill trial loop, N trials (argv[2]), with a
// tally printed as one JSON line. Exit 1 on the first mixed state.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { apply, installFs, rollback } from "@codai/axiom-apply";
import { runChild } from "./crash-child-run";
import { crashBundle, manifestState, writePre } from "./crash-fixture";
import { makeBundle } from "./engine-helpers";

async function main(): Promise<void> {
  const trials = Number(process.argv[2] ?? 500);
  const base = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), "axiom-soak-"));
  installFs({ fsync: async () => undefined });
  try {
    const bundleFile = path.join(base, "bundle.json");
    fs.writeFileSync(bundleFile, JSON.stringify(crashBundle));
    const ref = path.join(base, "ref");
    fs.mkdirSync(ref);
    writePre(ref);
    const pre = JSON.stringify(manifestState(ref));
    const full = await runChild([bundleFile, ref]);
    const post = JSON.stringify(manifestState(ref));
    const tally = { trials, pre: 0, post: 0, killed: 0 };
    for (let i = 0; i < trials; i++) {
      const root = path.join(base, `t${i}`);
      fs.mkdirSync(root);
      writePre(root);
      const at = Math.floor(Math.random() * full.ms * 1.05);
      if ((await runChild([bundleFile, root], { killAfterMs: at })).killed) tally.killed++;
      if (
        i % 3 === 2 &&
        fs.existsSync(path.join(root, ".axiom", "journal", `${crashBundle.manifestDigest.slice(7)}.json`))
      ) {
        await rollback(root, crashBundle.manifestDigest, { lockTimeoutMs: 5000 });
      } else {
        const other = makeBundle([{ path: `elsewhere/t${i}.txt`, content: "x" }]);
        const r = await apply({
          bundle: other,
          root,
          mode: "fs",
          confirmDigest: other.manifestDigest,
          lockTimeoutMs: 5000,
        });
        if (r.status !== "applied")
          throw new Error(`trial ${i}: recovery apply ${r.status} ${JSON.stringify(r.error)}`);
      }
      const now = JSON.stringify(manifestState(root));
      if (now === pre) tally.pre++;
      else if (now === post) tally.post++;
      else throw new Error(`trial ${i} (kill at ${at} ms): mixed state`);
      fs.rmSync(root, { recursive: true, force: true });
    }
    process.stdout.write(`${JSON.stringify(tally)}\n`);
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${String(err?.stack ?? err)}\n`);
  process.exitCode = 1;
});
