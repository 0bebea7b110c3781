// mcp.md §8.5 over the wire: the SDK v2 client on the 2026-07-28 era in manual mode, so each
// round's requestState can be forged, replayed or moved to another digest, root or tool.
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { type HumanSession, logLines, readOr, startHuman } from "./human-helpers";
import { errorOf, tempRoot } from "./mcp-helpers";

let R: { dir: string; cleanup: () => Promise<void> };
const sessions: HumanSession[] = [];
beforeEach(async () => {
  R = await tempRoot("axiom-hstate-");
  await mkdir(join(R.dir, "a"));
  await mkdir(join(R.dir, "b"));
});
afterEach(async () => {
  for (const s of sessions.splice(0)) await s.close().catch(() => {});
  await R.cleanup();
});

async function open(args: string[] = [], caps: Record<string, unknown> = { elicitation: {} }) {
  const s = await startHuman("v2-auto", ["--root", R.dir, "--log-level", "info", "--tools", "full", ...args], {
    capabilities: caps,
    manual: true,
  });
  sessions.push(s);
  return s;
}

const plan = (content = "x") => ({
  apiVersion: "axiom.dev/v2",
  kind: "Plan",
  name: "p",
  intent: "",
  artifacts: [{ path: "a.txt", source: { type: "inline", content } }],
});

async function bundleFor(s: HumanSession, content = "x") {
  const r = await s.callTool("axiom_plan_compile", { plan: plan(content), root: R.dir });
  expect(r.isError).toBeFalsy();
  return r.structuredContent as { manifestDigest: string };
}

interface Round {
  resultType?: string;
  requestState?: string;
  inputRequests?: Record<string, { method: string; params: { message: string; requestedSchema: object } }>;
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

const accept = (digest: string) => ({
  confirm: { action: "accept", content: { confirm: true, digest12: digest.slice(7, 19) } },
});

async function apply(
  s: HumanSession,
  bundle: { manifestDigest: string },
  extra: Record<string, unknown> = {},
  root = R.dir,
) {
  return (await s.rawCall("axiom_apply", { bundle, root, confirmDigest: bundle.manifestDigest }, extra)) as Round;
}

function rejected(s: HumanSession): unknown[] {
  return logLines(s.stderr(), "request state rejected").map((l) => l.reason);
}

test("2026 client declaring elicitation: {} → axiom_apply with the right echo → input_required with one confirm elicitation; retry accept + echoed state → applied", async () => {
  const s = await open();
  const b = await bundleFor(s);
  const first = await apply(s, b);
  expect(first.resultType).toBe("input_required");
  expect(Object.keys(first.inputRequests ?? {})).toEqual(["confirm"]);
  const req = first.inputRequests?.confirm;
  expect(req?.method).toBe("elicitation/create");
  expect(req?.params.message).toContain(`root: ${R.dir}`);
  expect(req?.params.message).toContain("files: 1");
  expect(req?.params.message).toContain(b.manifestDigest);
  expect(req?.params.message).toContain(b.manifestDigest.slice(7, 19));
  expect(await readOr(R.dir, "a.txt")).toBeNull();
  const done = await apply(s, b, { inputResponses: accept(b.manifestDigest), requestState: first.requestState });
  expect(done.isError).toBeFalsy();
  expect(done.structuredContent?.status).toBe("applied");
  expect(await readOr(R.dir, "a.txt")).toBe("x");
});

test("retry with a requestState with one flipped byte → a new input_required round, log request state rejected {reason: bad-mac}; nothing written", async () => {
  const s = await open();
  const b = await bundleFor(s);
  const first = await apply(s, b);
  const raw = Buffer.from(String(first.requestState).slice(3), "base64url");
  raw[30] ^= 1;
  const again = await apply(s, b, {
    inputResponses: accept(b.manifestDigest),
    requestState: `v1.${raw.toString("base64url")}`,
  });
  expect(again.resultType).toBe("input_required");
  expect(again.requestState).not.toBe(first.requestState);
  expect(rejected(s)).toEqual(["bad-mac"]);
  expect(await readOr(R.dir, "a.txt")).toBeNull();
});

test("valid retry → applied; axiom_rollback; the same retry replayed → new round (replayed), nothing written", async () => {
  const s = await open();
  const b = await bundleFor(s);
  const first = await apply(s, b);
  const answer = { inputResponses: accept(b.manifestDigest), requestState: first.requestState };
  expect((await apply(s, b, answer)).structuredContent?.status).toBe("applied");
  const rb = await s.callTool("axiom_rollback", { manifestDigest: b.manifestDigest, root: R.dir });
  expect(rb.isError).toBeFalsy();
  expect(await readOr(R.dir, "a.txt")).toBeNull();
  const replay = await apply(s, b, answer);
  expect(replay.resultType).toBe("input_required");
  expect(rejected(s)).toEqual(["replayed"]);
  expect(await readOr(R.dir, "a.txt")).toBeNull();
});

test("state minted for digest A, retried with bundle B (valid echo for B) → new round (bad-mac)", async () => {
  const s = await open();
  const a = await bundleFor(s, "A");
  const b = await bundleFor(s, "B");
  const first = await apply(s, a);
  const again = await apply(s, b, { inputResponses: accept(b.manifestDigest), requestState: first.requestState });
  expect(again.resultType).toBe("input_required");
  expect(rejected(s)).toEqual(["bad-mac"]);
  expect(await readOr(R.dir, "a.txt")).toBeNull();
});

test("state minted by another server process (restart) → new round (unknown or bad-mac: the key is per process)", async () => {
  const s1 = await open();
  const b = await bundleFor(s1);
  const first = await apply(s1, b);
  await s1.close();
  const s2 = await open();
  const again = await apply(s2, b, { inputResponses: accept(b.manifestDigest), requestState: first.requestState });
  expect(again.resultType).toBe("input_required");
  // A fresh process has a fresh key, so the MAC check (earlier in the order) is what fails.
  expect(rejected(s2)).toEqual(["bad-mac"]);
  expect(await readOr(R.dir, "a.txt")).toBeNull();
});

test("state minted on root A, retried on root B with identical pre-images (same digest) → binding; state minted by axiom_write used on axiom_apply → binding", async () => {
  const s = await startHuman(
    "v2-auto",
    ["--root", join(R.dir, "a"), "--root", join(R.dir, "b"), "--log-level", "info", "--tools", "full"],
    { capabilities: { elicitation: {} }, manual: true },
  );
  sessions.push(s);
  const A = join(R.dir, "a");
  const B = join(R.dir, "b");
  const b = (await s.callTool("axiom_plan_compile", { plan: plan(), root: A })).structuredContent as {
    manifestDigest: string;
  };
  const bB = (await s.callTool("axiom_plan_compile", { plan: plan(), root: B })).structuredContent as {
    manifestDigest: string;
  };
  expect(bB.manifestDigest).toBe(b.manifestDigest);
  const first = await apply(s, b, {}, A);
  const onB = await apply(s, b, { inputResponses: accept(b.manifestDigest), requestState: first.requestState }, B);
  expect(onB.resultType).toBe("input_required");
  expect(await readOr(B, "a.txt")).toBeNull();
  // axiom_write with the same single file yields its own bundle; its state must not serve axiom_apply.
  const files = [{ path: "a.txt", content: "x" }];
  const preview = await s.callTool("axiom_write", { root: A, files });
  const wd = (preview.structuredContent as { manifestDigest: string }).manifestDigest;
  const wRound = (await s.rawCall("axiom_write", { root: A, files, confirmDigest: wd })) as Round;
  expect(wRound.resultType).toBe("input_required");
  // The preview stored its bundle: the very same digest, now sent to axiom_apply.
  const stored = JSON.parse(await readFile(join(A, ".axiom", "manifests", `${wd.slice(7)}.json`), "utf8"));
  expect(stored.manifestDigest).toBe(wd);
  const cross = await apply(s, stored, { inputResponses: accept(wd), requestState: wRound.requestState }, A);
  expect(cross.resultType).toBe("input_required");
  expect(rejected(s)).toEqual(["binding", "binding"]);
  expect(await readOr(A, "a.txt")).toBeNull();
});

test("retry with a valid state but no confirm response → new round", async () => {
  const s = await open();
  const b = await bundleFor(s);
  const first = await apply(s, b);
  const again = await apply(s, b, { inputResponses: {}, requestState: first.requestState });
  expect(again.resultType).toBe("input_required");
  expect(await readOr(R.dir, "a.txt")).toBeNull();
});

test("manual refusals: confirm false → declined; digest12 of another digest → mismatch; tree unchanged, no intent/journal", async () => {
  const s = await open();
  const b = await bundleFor(s);
  const r1 = await apply(s, b);
  const no = await apply(s, b, {
    inputResponses: { confirm: { action: "accept", content: { confirm: false, digest12: "" } } },
    requestState: r1.requestState,
  });
  expect(errorOf(no as never).details).toEqual({ reason: "declined", manifestDigest: b.manifestDigest });
  const r2 = await apply(s, b);
  const other = `sha256:${"9".repeat(64)}`;
  const wrong = await apply(s, b, { inputResponses: accept(other), requestState: r2.requestState });
  expect(errorOf(wrong as never).details).toEqual({ reason: "mismatch", manifestDigest: b.manifestDigest });
  expect(await readOr(R.dir, "a.txt")).toBeNull();
  for (const d of ["intents", "queue", "journal", "staging", "backup", "applied"]) {
    const list = await readdir(join(R.dir, ".axiom", d)).catch(() => [] as string[]);
    expect(list).toEqual([]);
  }
});

test("axiom_apply_dry_run and axiom_rollback with an elicitation-capable client → no elicitation; missing confirmDigest → {confirmDigest: null}, no round", async () => {
  const s = await open();
  const b = await bundleFor(s);
  const dry = (await s.rawCall("axiom_apply_dry_run", { bundle: b, root: R.dir })) as Round;
  expect(dry.resultType).toBeUndefined();
  expect(dry.structuredContent?.mode).toBe("dry-run");
  const missing = (await s.rawCall("axiom_apply", { bundle: b, root: R.dir })) as Round;
  expect(errorOf(missing as never).details).toEqual({ confirmDigest: null, manifestDigest: b.manifestDigest });
  expect(logLines(s.stderr(), "human confirmation requested")).toHaveLength(0);
});

test("2025-era client declaring elicitation: {url: {}} only → treated as unsupported (--require-human refuses)", async () => {
  const s = await startHuman("v2-legacy", ["--root", R.dir, "--require-human", "--tools", "full"], {
    capabilities: { elicitation: { url: {} } },
  });
  sessions.push(s);
  const b = await bundleFor(s);
  const r = await s.callTool("axiom_apply", { bundle: b, root: R.dir, confirmDigest: b.manifestDigest });
  expect(errorOf(r).details).toEqual({ reason: "elicitation-unsupported", manifestDigest: b.manifestDigest });
  expect(s.elicitations).toHaveLength(0);
});

test("root whose .claude/settings.json has hooks.Elicitation: --require-human → {reason, manifestDigest, audit: elicitation.autoAnswer}, 0 elicitations; without it the elicitation is sent", async () => {
  await mkdir(join(R.dir, ".claude"));
  await writeFile(
    join(R.dir, ".claude", "settings.json"),
    JSON.stringify({ hooks: { Elicitation: [{ matcher: "", hooks: [{ type: "command", command: "true" }] }] } }),
  );
  const strict = await open(["--require-human"]);
  const b = await bundleFor(strict);
  const r = await apply(strict, b);
  // Start-up audit line (stderr is a separate pipe: read it once a call has completed).
  const audit = logLines(strict.stderr(), "elicitation audit");
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ level: "warn", root: R.dir, id: "elicitation.autoAnswer", status: "fail" });

  expect(errorOf(r as never).details).toEqual({
    reason: "elicitation-unsupported",
    manifestDigest: b.manifestDigest,
    audit: "elicitation.autoAnswer",
  });
  expect(await readOr(R.dir, "a.txt")).toBeNull();
  const lax = await open();
  expect((await apply(lax, b)).resultType).toBe("input_required");
});
