import { it } from "vitest";
import { evaluateCelInWorker } from "../src/expr/cel-eval";
it("timing", async () => {
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const r = await evaluateCelInWorker({ expression: "1 < 2", vars: {}, variables: [], budgetMs: 100 });
    console.log(JSON.stringify(r), Math.round(performance.now() - t));
  }
});
