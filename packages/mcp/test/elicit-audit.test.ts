// hooks-doctor.md §4.4 / seed-human-confirm.md §4: auditElicitationHooks(root, home) on real
// files in a temp root and an injected temp home.
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditElicitationHooks, vscodeUserSettings } from "../src/harness/elicit-audit";

let base: string;
let root: string;
let home: string;
beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), "axiom-elicit-")));
  root = join(base, "repo");
  home = join(base, "home");
  await mkdir(root);
  await mkdir(home);
});
afterEach(() => rm(base, { recursive: true, force: true }));

async function put(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}
const hookDoc = (event: string) =>
  JSON.stringify({ hooks: { [event]: [{ hooks: [{ type: "command", command: "x" }] }] } });

describe("auditElicitationHooks (§4.4)", () => {
  it("77. `auditElicitationHooks(root, home)` with none of the files present → returns `[]`", async () => {
    expect(await auditElicitationHooks(root, home)).toEqual([]);
  });

  it("72. `.claude/settings.local.json` with `hooks.Elicitation` → `elicitation.autoAnswer` fail naming `.claude/settings.local.json: hooks.Elicitation`", async () => {
    await put(join(root, ".claude/settings.local.json"), hookDoc("Elicitation"));
    expect(await auditElicitationHooks(root, home)).toEqual([
      {
        id: "elicitation.autoAnswer",
        status: "fail",
        message: ".claude/settings.local.json: hooks.Elicitation",
        hint: "remove these hooks: AXIOM's confirmation must be answered by a person",
      },
    ]);
  });

  it("73. Home `.claude/settings.json` with `hooks.ElicitationResult` → fail naming `~/.claude/settings.json`", async () => {
    await put(join(home, ".claude/settings.json"), hookDoc("ElicitationResult"));
    const [c] = await auditElicitationHooks(root, home);
    expect(c).toMatchObject({
      id: "elicitation.autoAnswer",
      status: "fail",
      message: "~/.claude/settings.json: hooks.ElicitationResult",
    });
  });

  it("74. `hooks.Elicitation: []` → no elicitation check", async () => {
    await put(
      join(root, ".claude/settings.json"),
      JSON.stringify({ hooks: { Elicitation: [], PreToolUse: [{ hooks: [] }] } }),
    );
    expect(await auditElicitationHooks(root, home)).toEqual([]);
  });

  it('75. `.vscode/settings.json` (JSONC) with `"chat.tools.global.autoApprove": true` → autoApprove warn; value `false` or `"true"` → nothing', async () => {
    await put(
      join(root, ".vscode/settings.json"),
      '\uFEFF{\n  // workspace\n  "chat.tools.global.autoApprove": true, /* yes */\n}\n',
    );
    expect(await auditElicitationHooks(root, home)).toEqual([
      {
        id: "elicitation.autoApprove",
        status: "warn",
        message: ".vscode/settings.json: chat.tools.global.autoApprove",
        hint: "set it to false or remove it",
      },
    ]);
    for (const v of ["false", '"true"']) {
      await put(
        join(root, ".vscode/settings.json"),
        `{"chat.tools.global.autoApprove": ${v}, "chat.tools.autoApprove": ${v}}`,
      );
      expect(await auditElicitationHooks(root, home)).toEqual([]);
    }
  });

  it("75b. the same key as nested objects counts", async () => {
    await put(join(root, ".vscode/settings.json"), JSON.stringify({ chat: { tools: { autoApprove: true } } }));
    expect((await auditElicitationHooks(root, home))[0]).toMatchObject({
      id: "elicitation.autoApprove",
      message: ".vscode/settings.json: chat.tools.autoApprove",
    });
  });

  it('76. User VS Code settings (platform path under the injected home) with `"chat.tools.autoApprove": true` → warn naming that file', async () => {
    const file = vscodeUserSettings(home);
    await put(file, '{"chat.tools.autoApprove": true}');
    const [c] = await auditElicitationHooks(root, home);
    expect(c).toMatchObject({ id: "elicitation.autoApprove", status: "warn" });
    expect(c?.message).toBe(
      `~/${file
        .slice(home.length + 1)
        .split("\\")
        .join("/")}: chat.tools.autoApprove`,
    );
    if (process.platform === "linux")
      expect(c?.message).toBe("~/.config/Code/User/settings.json: chat.tools.autoApprove");
  });

  it("78. Elicitation hook in one file and an unparseable `settings.local.json` → one autoAnswer check, status fail, message with both parts", async () => {
    await put(join(root, ".claude/settings.json"), hookDoc("Elicitation"));
    await put(join(root, ".claude/settings.local.json"), "{ nope");
    const checks = await auditElicitationHooks(root, home);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({
      id: "elicitation.autoAnswer",
      status: "fail",
      message: ".claude/settings.json: hooks.Elicitation; .claude/settings.local.json: not audited (not JSON(C))",
    });
  });

  it('79. Unparseable user VS Code settings only → `elicitation.autoApprove` warn "not audited"', async () => {
    await put(vscodeUserSettings(home), "{,}");
    const checks = await auditElicitationHooks(root, home);
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ id: "elicitation.autoApprove", status: "warn" });
    expect(checks[0]?.message).toContain("not audited");
  });

  it("an unparseable Claude settings file alone → autoAnswer warn (not audited); both kinds → two checks, autoAnswer first", async () => {
    await put(join(home, ".claude/settings.json"), "not json");
    expect(await auditElicitationHooks(root, home)).toMatchObject([{ id: "elicitation.autoAnswer", status: "warn" }]);
    await put(join(root, ".vscode/settings.json"), '{"chat.tools.autoApprove": true}');
    expect((await auditElicitationHooks(root, home)).map((c) => c.id)).toEqual([
      "elicitation.autoAnswer",
      "elicitation.autoApprove",
    ]);
  });

  it("the platform paths of the VS Code user settings file", () => {
    expect(vscodeUserSettings("/h", "linux")).toBe(join("/h", ".config/Code/User/settings.json"));
    expect(vscodeUserSettings("/h", "darwin")).toBe(join("/h", "Library/Application Support/Code/User/settings.json"));
    expect(vscodeUserSettings("/h", "win32")).toBe(join("/h", "AppData/Roaming/Code/User/settings.json"));
  });
});
