#!/usr/bin/env node
// Cost of one axiom_write preview + confirm in-process through the workflow (issue 24), without the
// MCP transport: compileWrite → previewWrite → compileWrite(confirmDigest) → prepareConfirm →
// confirmWrite, N files × 4 KiB, new files every repetition, after 3 unmeasured warm-ups. Prints the
// CPU per pair (process.cpuUsage, user + system). For counts that do not move with the machine's
// load, run it twice under callgrind and take the difference (the start-up cancels out):
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null node bench/write-pair.mjs 1 2
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null node bench/write-pair.mjs 1 8
//   → (I refs of 8 − I refs of 2) / 6 = user-space instructions per pair.
// Usage: node bench/write-pair.mjs [files=1] [reps=50]
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadWorkspace } from "./lib.mjs";

const files = Number(process.argv[2] ?? 1);
const reps = Number(process.argv[3] ?? 50);
const wf = await loadWorkspace('export * from "@codai/axiom-workflow";');
const root = mkdtempSync(join(realpathSync(tmpdir()), "axiom-write-pair-"));
const checks = { profile: "default", guards: { allowGuards: false, guardAllowlist: [] } };
const content = (r, i) => `${r}/${i}:${"abcdefghijklmnopqrstuvwxyz0123456789 ".repeat(111)}`.slice(0, 4096);

try {
  let cpu = process.cpuUsage();
  for (let r = -3; r < reps; r++) {
    if (r === 0) cpu = process.cpuUsage();
    const req = {
      root,
      files: Array.from({ length: files }, (_, i) => ({ path: `r${r}/f${i}.txt`, content: content(r, i) })),
      intent: "bench",
      planProfile: "default",
    };
    const preview = await wf.compileWrite(req);
    if ((await wf.previewWrite(preview, checks)).status !== "preview") throw new Error("preview failed");
    const digest = preview.bundle.manifestDigest;
    const prepared = await wf.prepareConfirm(await wf.compileWrite(req, digest), digest);
    if (prepared.kind !== "confirm") throw new Error(`confirm: ${prepared.kind}`);
    const out = await wf.confirmWrite(prepared, checks);
    if (out.result.status !== "applied") throw new Error(`confirm: ${JSON.stringify(out.result).slice(0, 300)}`);
  }
  const used = process.cpuUsage(cpu);
  const per = (us) => (us / 1000 / reps).toFixed(2);
  process.stdout.write(
    `${files} file(s) × 4 KiB, ${reps} pairs: CPU per preview + confirm ${per(used.user + used.system)} ms (user ${per(used.user)} ms)\n`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
