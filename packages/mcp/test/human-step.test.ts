// The human step's decision in this process (mcp.md §8.3–§8.6, human/step.ts and human/tamper.ts):
// which answer the step gives — proceed, ask (an input_required round carrying a fresh state, the
// message and the form), or refuse with ERR_CONFIRM_DIGEST_MISMATCH and which `details` — for each
// capability, --require-human, audit, state and answer, and what it logs. The wire tests
// (human-wire, human-state, human-tamper) drive the built CLI; these call humanStep directly, so a
// mutation run of src/server/human sees them.
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ManifestBundle } from "@codai/axiom-schema";
import type { FileChange } from "@codai/axiom-workflow";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { auditElicitationHooks } from "../src/harness/elicit-audit";
import { confirmationMessage, confirmationSchema } from "../src/server/human/message";
import { processStates } from "../src/server/human/state";
import { type HumanStepRequest, humanStep } from "../src/server/human/step";
import { AuditBaselines } from "../src/server/human/tamper";
import { RawToolResult, type ToolCall } from "../src/server/tools/types";

const DIGEST = `sha256:${"0123456789ab".padEnd(64, "c")}`;
const D12 = "0123456789ab";
const CHANGES: FileChange[] = [
  { op: "create", path: "a.txt", kind: "text", added: 1, removed: 0, lines: ["@@ -0,0 +1,1 @@", "+x"] },
];
const AUTO_ANSWER = JSON.stringify({ hooks: { Elicitation: [{ hooks: [{ type: "command", command: "true" }] }] } });

let root: string;
let home: string;
let savedHome: string | undefined;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "axiom-hstep-")));
  home = await realpath(await mkdtemp(join(tmpdir(), "axiom-hstep-home-")));
  // step.ts audits `homedir()`: point it at an empty home so the real one never decides a test.
  savedHome = process.env.HOME;
  process.env.HOME = home;
});
afterEach(async () => {
  if (savedHome === undefined) delete process.env.HOME;
  else process.env.HOME = savedHome;
  await rm(root, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

interface LogLine {
  level: string;
  msg: string;
  fields: Record<string, unknown>;
}

/** A ToolCall whose deps are just what the human step reads; every log line is kept. */
function callWith(
  opts: {
    requireHuman?: boolean;
    caps?: Record<string, unknown> | undefined;
    round?: { inputResponses?: Record<string, unknown>; requestState?: string };
    baselines?: AuditBaselines;
    era?: "legacy" | "modern";
  } = {},
) {
  const logs: LogLine[] = [];
  const at =
    (level: string) =>
    (msg: string, fields: Record<string, unknown> = {}) =>
      logs.push({ level, msg, fields });
  let changesRead = 0;
  const deps = {
    requireHuman: opts.requireHuman ?? false,
    log: { error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") },
    auditBaselines: opts.baselines ?? new AuditBaselines(),
    workflow: async () => ({
      fileChanges: async () => {
        changesRead++;
        return CHANGES;
      },
    }),
  };
  const call = {
    deps,
    era: opts.era ?? "modern",
    clientCapabilities: () => ("caps" in opts ? opts.caps : { elicitation: { form: {} } }),
    ...(opts.round ? { humanRound: () => opts.round } : {}),
  } as unknown as ToolCall;
  return { call, logs, changesRead: () => changesRead };
}

const req = (tool: HumanStepRequest["tool"] = "axiom_write"): HumanStepRequest => ({
  tool,
  root,
  bundle: { manifestDigest: DIGEST } as ManifestBundle,
});

/** The round an input_required result asks for. */
function roundOf(r: RawToolResult | undefined) {
  expect(r).toBeInstanceOf(RawToolResult);
  const result = (r as RawToolResult).result as {
    inputRequests: Record<string, { method: string; params: Record<string, unknown> }>;
    requestState: string;
  };
  return { ...result, confirm: result.inputRequests.confirm };
}

async function refusal(run: Promise<unknown>) {
  const err = (await run.then(
    () => undefined,
    (e: unknown) => e,
  )) as { code?: string; details?: Record<string, unknown> } | undefined;
  expect(err?.code).toBe("ERR_CONFIRM_DIGEST_MISMATCH");
  return err?.details;
}

const outcomes = (logs: LogLine[]) => logs.filter((l) => l.msg === "human confirmation").map((l) => l.fields);

describe("humanStep: no state yet → one input_required round", () => {
  test("the round carries the message, the two-field form and a state bound to digest, root and tool; the request is logged with the era", async () => {
    const { call, logs } = callWith({ era: "legacy" });
    const round = roundOf(await humanStep(call, req("axiom_apply")));
    expect(round.confirm).toMatchObject({
      method: "elicitation/create",
      params: {
        mode: "form",
        message: confirmationMessage(root, DIGEST, CHANGES),
        requestedSchema: confirmationSchema(),
      },
    });
    expect(round.requestState).toMatch(/^v1\./);
    // bound to this tool: the same state under the other tool is refused as "binding"
    expect(processStates.verify(round.requestState, { manifestDigest: DIGEST, root, tool: "axiom_write" })).toBe(
      "binding",
    );
    const again = roundOf(await humanStep(callWith().call, req("axiom_apply")));
    expect(processStates.verify(again.requestState, { manifestDigest: DIGEST, root, tool: "axiom_apply" })).toBe(
      undefined,
    );
    expect(logs).toEqual([
      {
        level: "info",
        msg: "human confirmation requested",
        fields: { tool: "axiom_apply", manifestDigest: DIGEST, era: "legacy" },
      },
    ]);
  });

  test("a round whose humanRound() has no state asks too", async () => {
    const { call } = callWith({ round: {} });
    expect(roundOf(await humanStep(call, req())).requestState).toMatch(/^v1\./);
  });

  test("the review link of a running `axiom ui` for the root is in the message", async () => {
    await mkdir(join(root, ".axiom"), { recursive: true });
    const url = "http://127.0.0.1:4567/?t=tok_en";
    const { discoveryFile } = await import("@codai/axiom-review/discovery");
    await writeFile(discoveryFile(root), JSON.stringify({ url, pid: process.pid, port: 4567, root }));
    const round = roundOf(await humanStep(callWith().call, req()));
    expect(round.confirm.params.message).toBe(
      confirmationMessage(root, DIGEST, CHANGES, `${url}#/change/${DIGEST.slice(7)}`),
    );
  });
});

describe("humanStep: the answer of the round (§8.6)", () => {
  async function answered(inputResponses: Record<string, unknown> | undefined, tool: HumanStepRequest["tool"]) {
    const state = processStates.mint({ manifestDigest: DIGEST, root, tool });
    return callWith({ round: { requestState: state, ...(inputResponses ? { inputResponses } : {}) } });
  }
  const accept = (digest12: string, confirm: unknown = true) => ({
    confirm: { action: "accept", content: { confirm, digest12 } },
  });

  test("accept with the right 12 characters → proceed (undefined), outcome accepted logged", async () => {
    const { call, logs, changesRead } = await answered(accept(D12), "axiom_write");
    expect(await humanStep(call, req())).toBeUndefined();
    expect(outcomes(logs)).toEqual([{ tool: "axiom_write", manifestDigest: DIGEST, outcome: "accepted" }]);
    expect(changesRead()).toBe(0);
  });

  test.each([
    ["declined", { confirm: { action: "decline" } }],
    ["declined", accept(D12, false)],
    ["cancelled", { confirm: { action: "cancel" } }],
    ["mismatch", accept("ffffffffffff")],
  ] as const)(
    "%s → refused with {reason, manifestDigest} and nothing more; the outcome logged",
    async (reason, answer) => {
      const { call, logs } = await answered(answer, "axiom_apply");
      expect(await refusal(humanStep(call, req("axiom_apply")))).toEqual({ reason, manifestDigest: DIGEST });
      expect(outcomes(logs)).toEqual([{ tool: "axiom_apply", manifestDigest: DIGEST, outcome: reason }]);
    },
  );

  test("no answer in a round with a good state → asked again (a new round), no outcome logged", async () => {
    const { call, logs } = await answered(undefined, "axiom_write");
    const round = roundOf(await humanStep(call, req()));
    expect(round.requestState).toMatch(/^v1\./);
    expect(outcomes(logs)).toEqual([]);
  });

  test.each([
    ["malformed", () => "v1.nope"],
    ["replayed", () => "replayed"],
    ["binding", () => processStates.mint({ manifestDigest: DIGEST, root: "/elsewhere", tool: "axiom_write" })],
  ])("a %s state → warned with its reason and asked again, even with a right answer", async (reason, make) => {
    let state = make();
    if (state === "replayed") {
      state = processStates.mint({ manifestDigest: DIGEST, root, tool: "axiom_write" });
      processStates.verify(state, { manifestDigest: DIGEST, root, tool: "axiom_write" });
    }
    const { call, logs } = callWith({ round: { requestState: state, inputResponses: accept(D12) } });
    const round = roundOf(await humanStep(call, req()));
    expect(round.requestState).not.toBe(state);
    expect(logs.filter((l) => l.level === "warn")).toEqual([
      { level: "warn", msg: "request state rejected", fields: { tool: "axiom_write", reason } },
    ]);
    expect(outcomes(logs)).toEqual([]);
  });
});

describe("humanStep: capability and --require-human (§8.3)", () => {
  test("a client that cannot elicit a form: without --require-human → proceed unasked; with it → refused elicitation-unsupported", async () => {
    for (const caps of [undefined, {}, { elicitation: { url: {} } }, { elicitation: null }, { elicitation: [] }]) {
      const free = callWith({ caps });
      expect(await humanStep(free.call, req())).toBeUndefined();
      expect(free.logs).toEqual([]);
      const strict = callWith({ caps, requireHuman: true });
      expect(await refusal(humanStep(strict.call, req()))).toEqual({
        reason: "elicitation-unsupported",
        manifestDigest: DIGEST,
      });
      expect(outcomes(strict.logs)).toEqual([
        { tool: "axiom_write", manifestDigest: DIGEST, outcome: "elicitation-unsupported" },
      ]);
    }
  });

  test("--require-human and an Elicitation hook that can answer for the person → refused before asking, {audit: elicitation.autoAnswer}", async () => {
    await mkdir(join(root, ".claude"), { recursive: true });
    await writeFile(join(root, ".claude", "settings.json"), AUTO_ANSWER);
    const baselines = new AuditBaselines();
    baselines.record(root, await auditElicitationHooks(root, home)); // present since start-up: not "appeared"
    const strict = callWith({ requireHuman: true, baselines });
    expect(await refusal(humanStep(strict.call, req()))).toEqual({
      reason: "elicitation-unsupported",
      manifestDigest: DIGEST,
      audit: "elicitation.autoAnswer",
    });
    expect(strict.changesRead()).toBe(0);
    expect(outcomes(strict.logs)).toEqual([
      { tool: "axiom_write", manifestDigest: DIGEST, outcome: "elicitation-unsupported" },
    ]);
    // without --require-human the same hook is not audited here: the person is asked
    const free = callWith({ baselines });
    expect(roundOf(await humanStep(free.call, req())).requestState).toMatch(/^v1\./);
  });

  test("--require-human, an Elicitation hook beside a VS Code auto-approve (one failing check, one warning) → still refused", async () => {
    await mkdir(join(root, ".claude"), { recursive: true });
    await writeFile(join(root, ".claude", "settings.json"), AUTO_ANSWER);
    await mkdir(join(root, ".vscode"), { recursive: true });
    await writeFile(join(root, ".vscode", "settings.json"), JSON.stringify({ "chat.tools.autoApprove": true }));
    const baselines = new AuditBaselines();
    baselines.record(root, await auditElicitationHooks(root, home));
    const strict = callWith({ requireHuman: true, baselines });
    expect((await refusal(humanStep(strict.call, req())))?.reason).toBe("elicitation-unsupported");
  });

  test("--require-human and only a VS Code auto-approve (a warning, not a hook that answers) → asked", async () => {
    await mkdir(join(root, ".vscode"), { recursive: true });
    await writeFile(join(root, ".vscode", "settings.json"), JSON.stringify({ "chat.tools.autoApprove": true }));
    const baselines = new AuditBaselines();
    baselines.record(root, await auditElicitationHooks(root, home));
    const strict = callWith({ requireHuman: true, baselines });
    expect(roundOf(await humanStep(strict.call, req())).requestState).toMatch(/^v1\./);
  });
});

describe("tamper evidence (SEC-8, human/tamper.ts)", () => {
  test("a hook that appeared since the baseline → refused harness-setting-appeared with the audit id and the new findings; nobody asked", async () => {
    const baselines = new AuditBaselines();
    baselines.record(root, await auditElicitationHooks(root, home));
    await mkdir(join(root, ".claude"), { recursive: true });
    await writeFile(join(root, ".claude", "settings.json"), AUTO_ANSWER);
    const { call, logs, changesRead } = callWith({ baselines });
    expect(await refusal(humanStep(call, req()))).toEqual({
      reason: "harness-setting-appeared",
      manifestDigest: DIGEST,
      audit: "elicitation.autoAnswer",
      appeared: [".claude/settings.json: hooks.Elicitation"],
    });
    expect(changesRead()).toBe(0);
    expect(outcomes(logs)).toEqual([
      { tool: "axiom_write", manifestDigest: DIGEST, outcome: "harness-setting-appeared" },
    ]);
  });

  test("appeared: a root without a baseline takes its first audit as the baseline; only findings new since then count", async () => {
    const b = new AuditBaselines();
    await mkdir(join(root, ".claude"), { recursive: true });
    await writeFile(join(root, ".claude", "settings.json"), AUTO_ANSWER);
    expect(await b.appeared(root, home)).toBeUndefined(); // first audit: the baseline
    expect(await b.appeared(root, home)).toBeUndefined(); // unchanged
    await writeFile(
      join(root, ".claude", "settings.local.json"),
      JSON.stringify({ hooks: { ElicitationResult: [{ hooks: [] }], Elicitation: [{ hooks: [] }] } }),
    );
    expect(await b.appeared(root, home)).toEqual({
      audit: "elicitation.autoAnswer",
      appeared: [
        ".claude/settings.local.json: hooks.Elicitation",
        ".claude/settings.local.json: hooks.ElicitationResult",
      ],
    });
  });

  test("appeared: the first new finding's check names the audit; each check's findings count one by one; a finding that left is no news", async () => {
    const b = new AuditBaselines();
    b.record(root, [{ id: "elicitation.autoAnswer", status: "fail", message: "x: hooks.Elicitation", hint: "" }]);
    await mkdir(join(root, ".vscode"), { recursive: true });
    await writeFile(join(root, ".vscode", "settings.json"), JSON.stringify({ "chat.tools.global.autoApprove": true }));
    expect(await b.appeared(root, home)).toEqual({
      audit: "elicitation.autoApprove",
      appeared: [".vscode/settings.json: chat.tools.global.autoApprove"],
    });
    // a baseline holding one of two joined findings: only the other is new
    const c = new AuditBaselines();
    c.record(root, [
      {
        id: "elicitation.autoApprove",
        status: "warn",
        message: ".vscode/settings.json: chat.tools.global.autoApprove",
        hint: "",
      },
    ]);
    await writeFile(
      join(root, ".vscode", "settings.json"),
      JSON.stringify({ "chat.tools.global.autoApprove": true, "chat.tools.autoApprove": true }),
    );
    expect(await c.appeared(root, home)).toEqual({
      audit: "elicitation.autoApprove",
      appeared: [".vscode/settings.json: chat.tools.autoApprove"],
    });
    // the same finding under another check id is another finding
    const d = new AuditBaselines();
    d.record(root, [
      {
        id: "elicitation.autoAnswer",
        status: "warn",
        message: ".vscode/settings.json: chat.tools.global.autoApprove; .vscode/settings.json: chat.tools.autoApprove",
        hint: "",
      },
    ]);
    expect((await d.appeared(root, home))?.appeared).toHaveLength(2);
    // removed since the baseline: nothing appeared
    await rm(join(root, ".vscode"), { recursive: true });
    expect(await c.appeared(root, home)).toBeUndefined();
  });

  test("baselines are per root", async () => {
    const other = await realpath(await mkdtemp(join(tmpdir(), "axiom-hstep-other-")));
    try {
      const b = new AuditBaselines();
      b.record(root, []);
      b.record(other, []);
      await mkdir(join(other, ".claude"), { recursive: true });
      await writeFile(join(other, ".claude", "settings.json"), AUTO_ANSWER);
      expect(await b.appeared(root, home)).toBeUndefined();
      expect((await b.appeared(other, home))?.audit).toBe("elicitation.autoAnswer");
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
