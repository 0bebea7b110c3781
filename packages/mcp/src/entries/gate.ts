// The gate chunk (cli.md §1.1, hooks-doctor.md §2): dist/cli.js routes `axiom gate …` here without
// loading cli-main. Nothing reachable from this file may import the MCP SDK or a zod-based barrel.
import { runGate } from "../harness/gate/run";

export async function main(args: string[]): Promise<void> {
  await runGate(args);
}
