// issue 22, the `axiom ui` verb as a real child process of the built CLI: --open hands the URL to
// the platform opener as one argv element, flags are checked like every verb's.
import { chmod, readFile, stat } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { runCli, tempDir } from "../../mcp/test/cli-run";
import { startUi } from "./ui-process";

describe("axiom ui", () => {
  it.skipIf(process.platform !== "linux")(
    "--open runs xdg-open with the URL (token included) as its one argument, and the page keeps serving",
    async () => {
      const t = await tempDir("axiom-ui-open-");
      try {
        const out = t.path("opened.txt");
        // A stand-in opener first on PATH: it records its argv, one per line.
        const opener = await t.write(
          "bin/xdg-open",
          `#!/bin/sh\nprintf '%s\\n' "$@" > '${out}.tmp' && mv '${out}.tmp' '${out}'\n`,
        );
        await chmod(opener, 0o755);
        await t.write("repo/a.txt", "a\n");
        const ui = await startUi(t.path("repo"), ["--open"], { PATH: `${t.path("bin")}:${process.env.PATH ?? ""}` });
        try {
          for (let i = 0; i < 200 && !(await stat(out).catch(() => undefined)); i++)
            await new Promise((r) => setTimeout(r, 50));
          expect(await readFile(out, "utf8")).toBe(`${ui.url}\n`);
          const res = await fetch(ui.url);
          expect(res.status).toBe(200);
        } finally {
          expect(await ui.stop()).toBe(0);
        }
      } finally {
        await t.cleanup();
      }
    },
  );

  it("a port out of range, a positional or an unknown flag → usage error, exit 2, stdout empty", async () => {
    for (const args of [
      ["ui", "--port", "70000"],
      ["ui", "extra"],
      ["ui", "--host", "0.0.0.0"],
    ]) {
      const run = await runCli(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stdout).toBe("");
    }
  });
});
