// Issue 21 "Help": `axiom help`, `axiom help <verb>` / `axiom <verb> --help` from the verb registry
// (every verb names its flags, fits 100 columns, shows examples), did-you-mean for verbs, flags and
// values, usage errors in our words with ERR_USAGE (a terminal gets text, a program the D16 line),
// the registry as the one flag table, and docs/cli.md generated from it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { VerbSpec } from "../src/cli/flag-spec";
import { HELP_WIDTH, renderCliReference } from "../src/cli/help";
import { main } from "../src/cli/main";
import { VERBS } from "../src/cli/verbs";
import { type CliRun, errorLine, REPO, runCli } from "./cli-run";

const NAMES = Object.keys(VERBS);
const spec = (name: string) => VERBS[name] as VerbSpec;

function expectFits(text: string) {
  const wide = text.split("\n").filter((l) => [...l].length > HELP_WIDTH);
  expect(wide).toEqual([]);
}

function usageError(run: CliRun): { message: string; details: Record<string, unknown> } {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  const err = errorLine(run) as { code: string; message: string; details: Record<string, unknown> };
  expect(err.code).toBe("ERR_USAGE");
  return err;
}

describe("per-verb help from the registry", () => {
  it.each(NAMES)(
    "`axiom help %s` names the verb's description, usage, every registry flag and its examples, within 100 columns; `axiom %s --help` prints the same",
    async (name) => {
      const help = await runCli(["help", name]);
      expect(help.code).toBe(0);
      expect(help.stderr).toBe("");
      const text = help.stdout;
      expect(text.startsWith(`axiom ${name}: ${spec(name).summary}\n`)).toBe(true);
      expect(text).toContain(`\nusage: ${spec(name).usage[0]}\n`);
      for (const [flag, f] of Object.entries(spec(name).flags)) {
        const label = f.short ? `-${f.short}, --${flag}` : `--${flag}`;
        expect(text, `--${flag}`).toMatch(new RegExp(`^ {2,}${label.replace(/[-]/g, "\\-")}\\b`, "m"));
        expect(text, `--${flag} meaning`).toContain(f.help.split(" ").slice(0, 3).join(" "));
      }
      for (const ex of spec(name).examples) expect(text).toContain(`  ${ex.command}\n`);
      expectFits(text);
      const viaFlag = await runCli([name, "--help"]);
      expect(viaFlag).toMatchObject({ code: 0, stdout: text, stderr: "" });
    },
  );

  it("the global help lists every verb with its description, within 100 columns", async () => {
    const run = await runCli(["help"]);
    expect(run.code).toBe(0);
    for (const name of NAMES) expect(run.stdout).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
    expectFits(run.stdout);
  });

  it("every flag of a verb but gate offers -h/--help and -V/--version; the gate's help is only a lone `axiom gate --help`", async () => {
    expect((await runCli(["help", "apply"])).stdout).toMatch(/^ {2}-h, --help +show this help$/m);
    expect((await runCli(["help", "gate"])).stdout).not.toContain("--help");
    // A hook call with --help among its flags is a bad gate call (exit 2, the blocking exit), never help.
    const hook = await runCli(["gate", "--stdin", "--help"], { input: "{}" });
    expect(hook.code).toBe(2);
    expect(hook.stdout).not.toContain("usage:");
  });
});

describe("did-you-mean (edit distance, close matches only)", () => {
  it("`axiom aplly` → ERR_USAGE suggesting apply", async () => {
    const err = usageError(await runCli(["aplly"]));
    expect(err.details).toMatchObject({ verb: "aplly", suggestions: ["apply"], see: "axiom help" });
    expect(err.message).toContain("did you mean apply?");
  });

  it("`axiom apply b.json --dryrun` → ERR_USAGE suggesting --dry-run, with apply's usage line and `see: axiom help apply`", async () => {
    const err = usageError(await runCli(["apply", "b.json", "--dryrun"]));
    expect(err.details).toMatchObject({
      verb: "apply",
      flag: "--dryrun",
      suggestions: ["--dry-run"],
      usage: [...spec("apply").usage],
      see: "axiom help apply",
    });
  });

  it("nothing close → no suggestion: `axiom xyzzy`, `axiom apply b.json --zzz`, `axiom help nope`", async () => {
    expect(usageError(await runCli(["xyzzy"])).details.suggestions).toEqual([]);
    expect(usageError(await runCli(["apply", "b.json", "--zzz"])).details.suggestions).toEqual([]);
    expect(usageError(await runCli(["help", "nope"])).details.suggestions).toEqual([]);
  });

  it("a value outside a flag's choices names the close one: `axiom init --harness clade` → claude", async () => {
    const err = usageError(await runCli(["init", "--harness", "clade"]));
    expect(err.details).toMatchObject({ flag: "--harness", value: "clade", suggestions: ["claude"] });
  });

  it("a flag before the verb: `axiom --verison` → suggests --version", async () => {
    expect(usageError(await runCli(["--verison"])).details.suggestions).toEqual(["--version"]);
  });
});

describe("usage errors on a terminal (stderr a TTY, injected): our words, a usage line, see:", () => {
  async function onTerminal(argv: string[]): Promise<{ stdout: string; stderr: string; exit: number }> {
    const out: string[] = [];
    const err: string[] = [];
    const so = vi.spyOn(process.stdout, "write").mockImplementation((c: string | Uint8Array) => {
      out.push(String(c));
      return true;
    });
    const se = vi.spyOn(process.stderr, "write").mockImplementation((c: string | Uint8Array) => {
      err.push(String(c));
      return true;
    });
    const descriptor = Object.getOwnPropertyDescriptor(process.stderr, "isTTY");
    Object.defineProperty(process.stderr, "isTTY", { value: true, configurable: true });
    try {
      await main(argv);
    } finally {
      so.mockRestore();
      se.mockRestore();
      if (descriptor) Object.defineProperty(process.stderr, "isTTY", descriptor);
      else delete (process.stderr as { isTTY?: boolean }).isTTY;
    }
    const exit = Number(process.exitCode);
    process.exitCode = 0;
    return { stdout: out.join(""), stderr: err.join(""), exit };
  }

  it("`axiom apply b.json --dryrun` → three lines: error with the suggestion, apply's usage, see: axiom help apply", async () => {
    const r = await onTerminal(["apply", "b.json", "--dryrun"]);
    expect(r.exit).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toBe(
      `error: unknown flag --dryrun for axiom apply; did you mean --dry-run?\nusage: ${spec("apply").usage[0]}\nsee: axiom help apply\n`,
    );
  });

  it("`axiom aplly` → error naming apply, the generic usage, see: axiom help; never the whole help", async () => {
    const r = await onTerminal(["aplly"]);
    expect(r.exit).toBe(2);
    expect(r.stderr).toBe(
      'error: unknown verb "aplly"; did you mean apply?\nusage: axiom <verb> [options]\nsee: axiom help\n',
    );
  });

  it("a verb's own usage error (`axiom verify b.json --pre`) gets the verb's usage forms too", async () => {
    const r = await onTerminal(["verify", "b.json", "--pre"]);
    expect(r.exit).toBe(2);
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines[0]).toBe("error: --pre requires --tree <dir>");
    expect(lines.slice(1, -1)).toEqual(spec("verify").usage.map((u, i) => `${i === 0 ? "usage: " : "       "}${u}`));
    expect(lines.at(-1)).toBe("see: axiom help verify");
  });
});

describe("docs/cli.md", () => {
  it("the committed CLI reference equals the one rendered from the registry (node scripts/gen-cli-doc.mjs)", async () => {
    const doc = await readFile(join(REPO, "docs/cli.md"), "utf8");
    const start = "<!-- cli-reference:start -->\n";
    const body = doc.slice(doc.indexOf(start) + start.length, doc.indexOf("\n<!-- cli-reference:end -->"));
    expect(body).toBe(renderCliReference());
  });
});
