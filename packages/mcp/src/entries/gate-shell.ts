// The gate's shell judgement as its own ES module (decisions SEC-2, SPEED-9): dist/gate.cjs imports
// it for shell payloads only, where gate/evaluate.ts imports ./shell/judge.
export { judgeShell } from "../harness/gate/shell/judge";
