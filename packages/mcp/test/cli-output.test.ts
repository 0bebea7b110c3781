// cli.md §2 (integer flags), §3 (output conventions) and §5 (D16 failure output), exercised in
// process where a condition must be injected (a throwing verb, a TTY), and by a real child process
// for EPIPE.
import { spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseVerbArgs } from "../src/cli/parse";
import { UsageError, type VerbModule } from "../src/cli/verb";
import { VERBS } from "../src/cli/verbs";
import { main } from "../src/cli/main";
import { CLI, helloPlan, scrubbedEnv, type TempDir, tempDir } from "./cli-run";

interface Captured {
  stdout: string;
  stderr: string;
}

async function capture(run: () => Promise<void>): Promise<Captured & { exitCode: number | undefined }> {
  const out: string[] = [];
  const err: string[] = [];
  const so = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out.push(String(chunk));
    return true;
  });
  const se = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    err.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    so.mockRestore();
    se.mockRestore();
  }
  const exitCode = process.exitCode === undefined ? undefined : Number(process.exitCode);
  process.exitCode = 0;
  return { stdout: out.join(""), stderr: err.join(""), exitCode };
}

let tmp: TempDir;
const cwd = process.cwd();
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(async () => {
  process.chdir(cwd);
  await tmp.cleanup();
  process.exitCode = 0;
});

describe("D16 failure output (cli.md §5)", () => {
  it('"An injected non-AXIOM exception inside a verb → stderr {"code":"ERR_INTERNAL","message":…} with no stack trace, exit 2"', async () => {
    VERBS["test-throws"] = {
      synopsis: "axiom test-throws",
      load: async (): Promise<VerbModule> => ({
        options: {},
        positionals: { min: 0, max: 0 },
        run: async () => {
          throw new TypeError("boom: cannot read properties of undefined");
        },
      }),
    };
    try {
      const r = await capture(() => main(["test-throws"]));
      expect(r.stdout).toBe("");
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toBe(
        `${JSON.stringify({ code: "ERR_INTERNAL", message: "boom: cannot read properties of undefined" })}\n`,
      );
    } finally {
      delete VERBS["test-throws"];
    }
  });

  it("a verb module that fails to load is ERR_INTERNAL too, never a stack trace", async () => {
    VERBS["test-noload"] = { synopsis: "axiom test-noload", load: () => Promise.reject(new Error("chunk missing")) };
    try {
      const r = await capture(() => main(["test-noload"]));
      expect(r.exitCode).toBe(2);
      expect(JSON.parse(r.stderr)).toEqual({ code: "ERR_INTERNAL", message: "chunk missing" });
    } finally {
      delete VERBS["test-noload"];
    }
  });
});

describe("output conventions (cli.md §3)", () => {
  it('"With stdout a TTY (injected), every JSON document (`compile`, `verify`) contains no `ESC` byte"', async () => {
    await tmp.write("p.json", JSON.stringify(helloPlan()));
    process.chdir(tmp.dir);
    const descriptor = Object.getOwnPropertyDescriptor(process.stdout, "isTTY");
    Object.defineProperty(process.stdout, "isTTY", { value: true, configurable: true });
    try {
      // On a TTY the JSON documents come with --json (CLI-O1).
      const compiled = await capture(() => main(["compile", "p.json", "-o", "b.json", "--json"]));
      expect(compiled.exitCode).toBe(0);
      const plain = await capture(() => main(["compile", "p.json", "--json"]));
      const verified = await capture(() => main(["verify", "b.json", "--json"]));
      for (const r of [compiled, plain, verified]) {
        expect(r.stdout).not.toContain("\u001b");
        expect(r.stderr).toBe("");
        JSON.parse(r.stdout);
      }
    } finally {
      if (descriptor) Object.defineProperty(process.stdout, "isTTY", descriptor);
      else delete (process.stdout as { isTTY?: boolean }).isTTY;
    }
  });

  it("EPIPE on stdout (the reader goes away after the first chunk) → the process ends without a stack trace or error line, exit code kept", async () => {
    const chunk = "y".repeat(250_000);
    const artifacts = Array.from({ length: 12 }, (_, i) => ({
      path: `f${i}.txt`,
      source: { type: "inline", content: `${i}${chunk}` },
    }));
    await tmp.write("big.json", JSON.stringify(helloPlan({ artifacts })));
    const child = spawn(process.execPath, [CLI, "compile", "big.json"], {
      cwd: tmp.dir,
      env: scrubbedEnv(),
      shell: false,
    });
    const stderr: Buffer[] = [];
    child.stderr.on("data", (d: Buffer) => stderr.push(d));
    child.stdout.once("data", () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    expect(Buffer.concat(stderr).toString()).toBe("");
    expect(code).toBe(0);
  });
});

describe("strict parsing rules (cli.md §2) on flag tables with integer flags", () => {
  const apply: VerbModule = {
    options: {
      root: { type: "string" },
      "dry-run": { type: "boolean" },
      "lock-timeout": { type: "string" },
      "keep-backups": { type: "string" },
    },
    positionals: { min: 1, max: 1 },
    integers: { "lock-timeout": { min: 0, max: 600_000 }, "keep-backups": { min: 0, max: 1000 } },
    run: async () => undefined,
  };
  const log: VerbModule = {
    options: { limit: { type: "string", short: "n" } },
    positionals: { min: 0, max: 0 },
    integers: { limit: { min: 1, max: 100_000 } },
    run: async () => undefined,
  };
  const usage = (verb: VerbModule, args: string[]) => expect(() => parseVerbArgs("v", verb, args)).toThrow(UsageError);

  it('"`--lock-timeout 600001` / `--lock-timeout 1e3` / `--keep-backups -1` / `--keep-backups 1001` → usage error; `--lock-timeout 0` and `--keep-backups 1000` accepted"', () => {
    usage(apply, ["b.json", "--root", ".", "--lock-timeout", "600001"]);
    usage(apply, ["b.json", "--root", ".", "--lock-timeout", "1e3"]);
    usage(apply, ["b.json", "--root", ".", "--keep-backups", "-1"]);
    usage(apply, ["b.json", "--root", ".", "--keep-backups", "1001"]);
    usage(apply, ["b.json", "--lock-timeout", "0x10"]);
    usage(apply, ["b.json", "--lock-timeout", " 5"]);
    const ok = parseVerbArgs("apply", apply, [
      "b.json",
      "--root",
      ".",
      "--lock-timeout",
      "0",
      "--keep-backups",
      "1000",
    ]);
    expect(ok.values).toMatchObject({ "lock-timeout": "0", "keep-backups": "1000" });
  });

  it('"`axiom log -n 0` / `-n 100001` → usage error; `-n 100000` accepted"; beyond 2^53−1 → usage error', () => {
    usage(log, ["-n", "0"]);
    usage(log, ["-n", "100001"]);
    usage({ ...log, integers: { limit: { min: 0, max: Number.MAX_SAFE_INTEGER } } }, ["-n", "9007199254740992"]);
    expect(parseVerbArgs("log", log, ["-n", "100000"]).values.limit).toBe("100000");
    expect(parseVerbArgs("log", log, ["--limit", "7"]).values.limit).toBe("7");
  });

  it('"`axiom apply b.json --root a --root b --dry-run` → usage error (repeated single-value flag)"; a repeated boolean too', () => {
    usage(apply, ["b.json", "--root", "a", "--root", "b", "--dry-run"]);
    usage(apply, ["b.json", "--dry-run", "--dry-run"]);
  });

  it("a boolean given a value (`--dry-run=1`) and an unknown flag are usage errors whose message is one line", () => {
    for (const args of [
      ["b.json", "--dry-run=1"],
      ["b.json", "--bogus"],
      ["b.json", "--root"],
    ]) {
      try {
        parseVerbArgs("apply", apply, args);
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(UsageError);
        expect((err as Error).message).not.toContain("\n");
      }
    }
  });

  it("--help wins over the positional count and integer checks; a verb with help: false rejects --help", () => {
    expect(parseVerbArgs("apply", apply, ["--help"]).help).toBe(true);
    expect(parseVerbArgs("log", log, ["-h", "-n", "0"]).help).toBe(true);
    usage({ ...log, help: false }, ["--help"]);
  });
});
