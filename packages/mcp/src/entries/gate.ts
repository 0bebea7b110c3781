// The gate (cli.md §1.1, hooks-doctor.md §2), built as one CommonJS file, dist/gate.cjs: dist/cli.cjs
// requires it for `axiom gate …` without loading cli-main. Nothing reachable from this file may import
// the MCP SDK or a zod-based barrel.
import { runGate } from "../harness/gate/run";

export async function main(args: string[]): Promise<void> {
  await runGate(args);
}
