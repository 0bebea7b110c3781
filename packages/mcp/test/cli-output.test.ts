// cli.md §2 (integer flags), §3 (output conventions) and §5 (D16 failure output), exercised in
// process where a condition must be injected (a throwing verb, a TTY), and by a real child process
// for EPIPE.
import { spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { VerbSpec } from "../src/cli/flag-spec";
import { main } from "../src/cli/main";
import { parseVerbArgs } from "../src/cli/parse";
import { UsageError, type VerbModule } from "../src/cli/verb";
import { VERBS } from "../src/cli/verbs";
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

/** A registry entry injected for one test. */
const testVerb: Omit<VerbSpec, "load"> = {
  summary: "a verb injected by a test",
  group: "inspect",
  usage: ["axiom test"],
  positionals: { min: 0, max: 0 },
  flags: {},
  examples: [],
};

describe("D16 failure output (cli.md §5)", () => {
  it('"An injected non-AXIOM exception inside a verb → stderr {"code":"ERR_INTERNAL","message":…} with no stack trace, exit 2"', async () => {
    VERBS["test-throws"] = {
      ...testVerb,
      load: async (): Promise<VerbModule> => ({
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
    VERBS["test-noload"] = { ...testVerb, load: () => Promise.reject(new Error("chunk missing")) };
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

describe("strict parsing rules (cli.md §2) on the registry's flag tables", () => {
  const apply = VERBS.apply as VerbSpec;
  const log = VERBS.log as VerbSpec;
  const usage = (verb: VerbSpec, args: string[]) => expect(() => parseVerbArgs("v", verb, args)).toThrow(UsageError);
  const values = (verb: VerbSpec, args: string[]) => {
    const parsed = parseVerbArgs("v", verb, args);
    if (parsed.kind !== "run") throw new Error(`expected a run, got ${parsed.kind}`);
    return parsed.values;
  };

  it('"`--lock-timeout 600001` / `--lock-timeout 1e3` / `--keep-backups -1` / `--keep-backups 1001` → usage error; `--lock-timeout 0` and `--keep-backups 1000` accepted"', () => {
    usage(apply, ["b.json", "--root", ".", "--lock-timeout", "600001"]);
    usage(apply, ["b.json", "--root", ".", "--lock-timeout", "1e3"]);
    usage(apply, ["b.json", "--root", ".", "--keep-backups", "-1"]);
    usage(apply, ["b.json", "--root", ".", "--keep-backups=-1"]);
    usage(apply, ["b.json", "--root", ".", "--keep-backups", "1001"]);
    usage(apply, ["b.json", "--lock-timeout", "0x10"]);
    usage(apply, ["b.json", "--lock-timeout", " 5"]);
    const ok = values(apply, ["b.json", "--root", ".", "--lock-timeout", "0", "--keep-backups", "1000"]);
    expect(ok).toMatchObject({ "lock-timeout": "0", "keep-backups": "1000" });
  });

  it('"`axiom log -n 0` / `-n 100001` → usage error; `-n 100000` accepted"; beyond 2^53−1 → usage error', () => {
    usage(log, ["-n", "0"]);
    usage(log, ["-n", "100001"]);
    const wide: VerbSpec = {
      ...log,
      flags: {
        limit: { ...(log.flags.limit as VerbSpec["flags"][string]), integer: { min: 0, max: Number.MAX_SAFE_INTEGER } },
      },
    };
    usage(wide, ["-n", "9007199254740992"]);
    expect(values(log, ["-n", "100000"]).limit).toBe("100000");
    expect(values(log, ["-n7"]).limit).toBe("7");
    expect(values(log, ["--limit", "7"]).limit).toBe("7");
    expect(values(log, ["--limit=7"]).limit).toBe("7");
  });

  it('"`axiom apply b.json --root a --root b --dry-run` → usage error (repeated single-value flag)"; a repeated boolean too', () => {
    usage(apply, ["b.json", "--root", "a", "--root", "b", "--dry-run"]);
    usage(apply, ["b.json", "--dry-run", "--dry-run"]);
    expect(values(apply, ["b.json", "--guard-allowlist", "/a", "--guard-allowlist=/b"])["guard-allowlist"]).toEqual([
      "/a",
      "/b",
    ]);
  });

  it("a boolean given a value (`--dry-run=1`), an unknown flag and a value flag without a value are usage errors whose message is one line", () => {
    for (const args of [
      ["b.json", "--dry-run=1"],
      ["b.json", "--bogus"],
      ["b.json", "-x"],
      ["b.json", "--root"],
      ["b.json", "--root", "--dry-run"],
    ]) {
      try {
        parseVerbArgs("apply", apply, args);
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(UsageError);
        expect((err as Error).message).not.toContain("\n");
        expect((err as Error).message).not.toMatch(/Unknown option|parseArgs|To specify a positional/);
      }
    }
  });

  it("`--` ends the flags: what follows is positional even when it starts with -", () => {
    const parsed = parseVerbArgs("apply", apply, ["--root", ".", "--", "--dry-run"]);
    expect(parsed).toEqual({ kind: "run", values: { root: "." }, positionals: ["--dry-run"] });
  });

  it("--help / --version win over the positional count, integer checks and unknown flags", () => {
    expect(parseVerbArgs("apply", apply, ["--help"]).kind).toBe("help");
    expect(parseVerbArgs("log", log, ["-h", "-n", "0"]).kind).toBe("help");
    expect(parseVerbArgs("log", log, ["--bogus", "-h"]).kind).toBe("help");
    expect(parseVerbArgs("apply", apply, ["-V"]).kind).toBe("version");
  });

  it("a value outside a flag's choices is a usage error naming the close choice", () => {
    try {
      parseVerbArgs("init", VERBS.init as VerbSpec, ["--harness", "clade"]);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).details).toMatchObject({ flag: "--harness", value: "clade", suggestions: ["claude"] });
    }
  });
});
