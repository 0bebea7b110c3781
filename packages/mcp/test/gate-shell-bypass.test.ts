// Issue 20 High 2 (decisions SEC-2…SEC-7): the shell-scan bypasses of the hostile review, each as a
// real `axiom gate --stdin` payload (Claude Code PreToolUse Bash), named after the attack. Zero of
// them may be allowed. The benign table must stay allowed. Run against an older build with
// AXIOM_GATE_ENTRY=/path/to/dist/cli.js to see the table red (hooks-doctor.md §2.6 regex scan).
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI } from "./cli-run";
import { claude, type GateRepo, type GateRun, gateRepo, runGateProcess } from "./gate-helpers";

const ENTRY = process.env.AXIOM_GATE_ENTRY ?? CLI;

let repo: GateRepo;
beforeAll(async () => {
  repo = await gateRepo();
  await repo.write(".claude/settings.json", "{}\n");
  await repo.write("src/a.ts", "export {};\n");
  await repo.write("a.txt", "a\n");
  await repo.write("settings.json", "{}\n");
  await repo.write("scripts/evil.sh", "#!/bin/sh\necho '{}' > .claude/settings.json\n");
  await repo.write("scripts/ok.sh", "#!/bin/sh\necho ok > build/out.txt\n");
  await repo.write("fix.diff", "--- a/.env\n+++ b/.env\n@@ -0,0 +1 @@\n+X=1\n");
  await mkdir(join(repo.root, "real"));
  await symlink(".claude", join(repo.root, "cl"));
  await symlink(".claude/settings.json", join(repo.root, "s.json"));
  await symlink(".vscode/settings.json", join(repo.root, "dangling"));
  await symlink("real", join(repo.root, "linked"));
});
afterAll(() => repo.cleanup());

function gate(tool: string, input: Record<string, unknown>): Promise<GateRun> {
  const payload = JSON.stringify(claude(tool, input, repo.root));
  return runGateProcess(["--stdin"], payload, { HOME: repo.home, USERPROFILE: repo.home }, repo.root, undefined, ENTRY);
}

/** Runs payloads a few at a time (each is a whole process). */
async function pool<T, R>(items: readonly T[], fn: (t: T) => Promise<R>, width = 6): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T);
      }
    }),
  );
  return out;
}

/** [attack name, command, denied path when it is fixed]. */
const ATTACKS: [string, string, string?][] = [
  ["redirection without a space", "echo x>.env", ".env"],
  ["noclobber-override redirection >|", "echo x >|.env", ".env"],
  ["read-write redirection 1<>", "echo x 1<>.env", ".env"],
  ["&>> append of both streams", "echo x &>>.mcp.json", ".mcp.json"],
  [">& word redirection", "echo x >& .mcp.json", ".mcp.json"],
  ["exec redirection", "exec 3>.env", ".env"],
  ["bare redirection", ">.env", ".env"],
  ["newline as separator", "true\necho '{}' > .mcp.json", ".mcp.json"],
  ["subshell", "( echo '{}' > .claude/settings.json )", ".claude/settings.json"],
  ["brace group with a redirection", "{ echo '{}'; } > .vscode/settings.json", ".vscode/settings.json"],
  ["sh -c", "sh -c 'echo {} > .claude/settings.json'", ".claude/settings.json"],
  ["bash -c", 'bash -c "echo x > .env"', ".env"],
  ["bash -lc cluster", "bash -lc 'tee .mcp.json < /dev/null'", ".mcp.json"],
  ["eval", "eval 'echo x > .vscode/settings.json'", ".vscode/settings.json"],
  ["nested sh -c in bash -c", `bash -c "sh -c 'echo x > .env'"`, ".env"],
  ["command substitution runs a write", "echo $(echo x > .env)", ".env"],
  ["process substitution", "cat a.txt > >(tee .env)", ".env"],
  ["heredoc script piped to sh", "cat <<'EOF' | sh\necho x > .env\nEOF", ".env"],
  ["heredoc script on bash's stdin", "bash <<'EOF'\necho '{}' > .mcp.json\nEOF", ".mcp.json"],
  ["echo piped to sh", "echo 'echo x > .env' | sh", ".env"],
  ["env prefix with assignments", "env FOO=1 BAR=2 tee .mcp.json < /dev/null", ".mcp.json"],
  ["env -i prefix", "env -i tee -a .env < /dev/null", ".env"],
  ["timeout prefix", "timeout 5 tee .env < /dev/null", ".env"],
  ["timeout with a signal option", "timeout -s KILL 5s cp a.txt .env", ".env"],
  ["nice prefix", "nice -n 10 cp a.txt .git/config", ".git/config"],
  ["nohup prefix", "nohup touch .git/hooks/pre-commit", ".git/hooks/pre-commit"],
  ["sudo with options", "sudo -u root -E tee .env < /dev/null", ".env"],
  ["doas prefix", "doas tee .mcp.json < /dev/null", ".mcp.json"],
  ["command and exec prefixes", "command exec tee .env < /dev/null", ".env"],
  ["stdbuf prefix", "stdbuf -o0 tee .env < /dev/null", ".env"],
  ["ionice prefix", "ionice -c3 tee .env < /dev/null", ".env"],
  ["time prefix", "time tee .env < /dev/null", ".env"],
  ["xargs prefix with arguments", "xargs rm -f .env < /dev/null", ".env"],
  ["xargs -I replacement into a protected file", "ls | xargs -I{} cp {} .claude/settings.json"],
  ["busybox applet", "busybox rm -f .env", ".env"],
  ["busybox sh -c", "busybox sh -c 'echo x > .env'", ".env"],
  ["cp -t DIR", "cp -t .claude settings.json", ".claude"],
  ["cp --target-directory=DIR", "cp --target-directory=.vscode settings.json", ".vscode"],
  ["mv -t DIR", "mv -t .claude settings.json", ".claude"],
  ["cp into a protected directory", "cp settings.json .claude/", ".claude"],
  ["mv moves a protected file away", "mv .env notes.txt", ".env"],
  ["install into .git/hooks", "install -m 755 a.txt .git/hooks/pre-commit", ".git/hooks/pre-commit"],
  ["rsync into a protected directory", "rsync -a cfg/ .claude/", ".claude"],
  ["rsync onto a protected file", "rsync a.txt .mcp.json", ".mcp.json"],
  ["curl -o", "curl -sS -o .mcp.json https://example.com/x", ".mcp.json"],
  ["curl -o attached in a cluster", "curl -sSLo.env https://example.com/", ".env"],
  ["curl --output=", "curl --output=.claude/settings.json https://example.com/", ".claude/settings.json"],
  ["curl -O names the file after the URL", "curl -O https://example.com/.mcp.json", ".mcp.json"],
  ["wget -O", "wget -q -O .claude/settings.json https://example.com/", ".claude/settings.json"],
  ["wget -P into a protected directory", "wget -P .claude https://example.com/settings.json", ".claude/settings.json"],
  ["tar -C extraction", "tar -xf a.tar -C .claude", ".claude"],
  ["tar old-style xf -C", "tar xzf a.tgz -C .git/hooks", ".git/hooks"],
  ["unzip -d", "unzip -o a.zip -d .vscode", ".vscode"],
  ["find -exec cp over found files", "find .claude -name '*.json' -exec cp evil.json {} \\;"],
  ["find -exec sh -c", "find . -maxdepth 0 -exec sh -c 'echo x > .env' \\;", ".env"],
  ["find -delete", "find .git -delete"],
  ["find -fprint", "find src -fprint .env", ".env"],
  ["awk -i inplace", "awk -i inplace '{print}' .env", ".env"],
  ["gawk -i inplace", "gawk -i inplace 1 .vscode/settings.json", ".vscode/settings.json"],
  ["awk print > file in the program", `awk 'BEGIN { print "x" > ".env" }'`, ".env"],
  ["sed -i", "sed -i 's/a/b/' .vscode/settings.json", ".vscode/settings.json"],
  ["sed w command", "sed -n 'w .env' a.txt", ".env"],
  ["perl -pi -e", "perl -pi -e 's/a/b/' .env", ".env"],
  ["dd of=", "dd if=a.txt of=.mcp.json", ".mcp.json"],
  ["truncate", "truncate -s 0 .env", ".env"],
  ["chmod +x a git hook", "chmod +x .git/hooks/pre-commit", ".git/hooks/pre-commit"],
  ["patch from a file whose header names .env", "patch -p1 < fix.diff", ".env"],
  ["patch of a named file", "patch .env fix.diff", ".env"],
  ["split quoting .e''nv", "echo x > .e''nv", ".env"],
  ['split quoting ".e"nv', 'echo x > ".e"nv', ".env"],
  ["ANSI-C quoting", "echo x > $'.e\\x6ev'", ".env"],
  ["backslash escape", "echo x > \\.env", ".env"],
  ["quoted command name", "'tee' .env < /dev/null", ".env"],
  ["split command name", "t''ee .env < /dev/null", ".env"],
  ["absolute command path", "/usr/bin/tee .env < /dev/null", ".env"],
  ["glob ?", "echo x > .en?"],
  ["glob *", "echo '{}' > .cl*/settings.json"],
  ["glob bracket", "echo x > .e[n]v"],
  ["glob in cp destination", "cp a.txt .claude/sett*.json"],
  ["brace expansion", "touch {a,.env}", ".env"],
  ["brace expansion in a path", "tee .claude/{other,settings}.json < /dev/null", ".claude/settings.json"],
  ["git config core.hooksPath", "git config core.hooksPath .githooks", ".git/config"],
  ["git config core.fsmonitor", "git config core.fsmonitor 'sh -c evil'", ".git/config"],
  ["git config core.sshCommand", "git config --local core.sshCommand evil", ".git/config"],
  ["git config alias", "git config alias.st '!sh -c evil'", ".git/config"],
  ["git config --global include.path", "git config --global include.path /tmp/evil", ".git/config"],
  ["git config set (new syntax)", "git config set core.hooksPath x", ".git/config"],
  ["git -c core.fsmonitor", "git -c core.fsmonitor=evil status", ".git/config"],
  ["git -C into .git", "git -C sub config core.hooksPath x", ".git/config"],
  ["git checkout over a protected file", "git checkout HEAD -- .claude/settings.json", ".claude/settings.json"],
  ["cd into .claude then a relative write", "cd .claude; echo '{}' > settings.json", ".claude/settings.json"],
  ["cd && cp", "cd .claude && cp ../a.txt settings.json", ".claude/settings.json"],
  ["cd into .git/hooks", "cd .git/hooks && cat ../../a.txt > pre-commit", ".git/hooks/pre-commit"],
  ["pushd", "pushd .vscode && tee settings.json < /dev/null", ".vscode/settings.json"],
  ["cd in a conditional branch", "test -d .claude && cd .claude; echo '{}' > settings.json", ".claude/settings.json"],
  ["ln -s then write through it", "ln -s .claude/settings.json s; echo x > s", ".claude/settings.json"],
  ["ln -s to a protected directory", "ln -sf .claude c2 && echo '{}' > c2/settings.json", ".claude"],
  ["hard link to a protected file", "ln .git/config gc", ".git/config"],
  ["write through an in-root symlink to .claude/", "echo '{}' > cl/settings.json", ".claude/settings.json"],
  ["write through an in-root leaf symlink", "echo x > s.json", ".claude/settings.json"],
  ["write through a dangling in-root symlink", "echo '{}' > dangling", ".vscode/settings.json"],
  ["variable assigned in the line", "f=.env; echo x > $f", ".env"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion, not a template.
  ["variable concatenation", 'd=.cla; echo x > "${d}ude/settings.json"', ".claude/settings.json"],
  ["for loop over literals", "for f in a .env; do echo x > $f; done", ".env"],
  ["function body", "w() { echo x > .env; }; w", ".env"],
  ["function called after cd", "w() { echo '{}' > settings.json; }; cd .claude; w", ".claude/settings.json"],
  ["if branch", "if true; then echo x > .env; fi", ".env"],
  ["while body", "while false; do tee .env; done", ".env"],
  ["case branch", "case x in x) touch .mcp.json;; esac", ".mcp.json"],
  ["trap handler", "trap 'echo x > .env' EXIT", ".env"],
  [
    "python -c naming a protected file",
    `python3 -c "open('.claude/settings.json','w').write('{}')"`,
    ".claude/settings.json",
  ],
  ["node -e naming a protected file", `node -e "require('fs').writeFileSync('.mcp.json','{}')"`, ".mcp.json"],
  ["python heredoc naming a protected file", "python3 - <<'EOF'\nopen('.env','w').write('x')\nEOF", ".env"],
  ["unknown tool writing a protected file", "npx prettier --write .vscode/settings.json", ".vscode/settings.json"],
  ["opaque target that names a protected file", 'echo x > "$(pwd)/.env"', ".env"],
  ["opaque directory with a protected file name", 'echo "{}" > "$D/settings.json"', "settings.json"],
  ["opaque name in a protected directory", 'echo "{}" > ".claude/$NAME"', ".claude"],
  ["opaque cwd then a protected file name", 'cd "$X" && echo "{}" > settings.json', "settings.json"],
  ["opaque interpreter run inside a protected directory", "cd .git && python3 fix.py"],
  ["script file that writes a protected file", "bash scripts/evil.sh", ".claude/settings.json"],
  ["source of a script file", ". scripts/evil.sh", ".claude/settings.json"],
  ["absolute path into the root", "echo x > @ROOT@/.env"],
  ["a long line of harmless writes hiding a protected one", `touch ${"f ".repeat(3000)}; echo x > .env`, ".env"],
  ["dot-dot path back into the root", "echo x > src/../.env", ".env"],
  ["case-folded name", "echo x > .ENV", ".ENV"],
  ["PowerShell Set-Content", "Set-Content -Path .env -Value x", ".env"],
];

describe("issue 20 High 2: shell bypasses of the protected set (real axiom gate --stdin payloads)", () => {
  it(`${ATTACKS.length} attacks, each denied (exit 2, path.deny on the protected path)`, async () => {
    const cmds = ATTACKS.map(([name, cmd, p]) => [name, cmd.replace("@ROOT@", repo.root), p] as const);
    const runs = await pool(cmds, ([, cmd]) => gate("Bash", { command: cmd }));
    const allowed: string[] = [];
    cmds.forEach(([name, cmd, p], i) => {
      const r = runs[i] as GateRun;
      if (r.code !== 2 || r.deny?.axiom.code !== "path.deny")
        allowed.push(`${name}: ${JSON.stringify(cmd)} → ${r.code} ${r.deny?.axiom.code ?? ""} ${r.stderr.trim()}`);
      else if (p !== undefined && r.deny.axiom.path !== p)
        allowed.push(`${name}: denied on ${r.deny.axiom.path}, expected ${p}`);
    });
    expect(allowed).toEqual([]);
    expect(runs.every((r) => r.deny?.axiom.toolClass === "shell")).toBe(true);
  }, 240_000);
});

/** Builds, tests, git, reads and writes to ordinary paths: must stay allowed. */
const BENIGN = [
  "npm test",
  "npm run build",
  "npm ci 2>/dev/null",
  "npx vitest run packages/mcp/test/gate-units.test.ts",
  "npx tsc --noEmit",
  "node node_modules/typescript/bin/tsc -p .",
  "python3 -m pytest tests/",
  "make -j2",
  "cargo build --release",
  "go test ./...",
  "pytest -q tests/",
  "FOO=1 npm test",
  "timeout 60 npm test",
  "env NODE_ENV=test node app.js",
  "docker build -t app .",
  "git status",
  "git diff",
  "git diff --stat HEAD~1",
  "git log --oneline -5",
  "git add -A",
  'git commit -m "fix: parser"',
  "git checkout -b feature",
  "git checkout -- src/a.ts",
  "git stash list",
  'git config user.name "A B"',
  "git config --get core.hooksPath",
  "git -c core.pager=cat log -1",
  "git -c color.ui=always diff",
  "ls -la",
  "cat .env",
  "cat .claude/settings.json",
  "grep -rn foo src",
  "rg TODO",
  "head -n 5 src/a.ts",
  "wc -l src/*.ts",
  "if [ -f .env ]; then echo yes; fi",
  "echo x > src/a.ts",
  "echo x >> notes.txt",
  "printf 'a\\n' > out/b.txt",
  "cp a.txt b.txt",
  "cp -r src backup",
  "mv a.txt b.txt",
  "mkdir -p build/out",
  "rm -rf dist",
  "rm -rf build/*",
  "touch src/new.ts",
  "tee out.log < a.txt",
  "sed -i 's/a/b/' src/a.ts",
  "find . -name '*.ts' | xargs grep foo",
  "find src -name '*.tmp' -delete",
  "tar -czf out.tgz src",
  "tar -xzf a.tgz -C build",
  "curl -sSL https://example.com -o tmp.json",
  "wget -O page.html https://example.com",
  "cd src && ls",
  "cd src; echo x > a.ts",
  'python3 -c "print(1)"',
  'node -e "console.log(1)"',
  "echo $HOME",
  "echo $(date) > stamp.txt",
  "echo $(cat x) > $OUT",
  "for f in src/*.ts; do echo $f; done",
  "cat src/a.ts | grep x > matches.txt",
  "diff -u a.txt b.txt > out.patch",
  "jq . package.json",
  "sort -o sorted.txt a.txt",
  "echo '{}' > config/settings.json",
  "ln -s ../src linkdir",
  "echo x > /dev/null",
  "npm test 2>&1 | tee build.log",
  "chmod +x scripts/ok.sh",
  "bash scripts/ok.sh",
  "git rm --cached old.txt",
  'echo "$(git rev-parse HEAD)" > .git-sha',
  "touch linked/a.txt",
];

describe("benign commands stay allowed", () => {
  it(`${BENIGN.length} builds, tests, git, reads and ordinary writes → exit 0`, async () => {
    const runs = await pool(BENIGN, (cmd) => gate("Bash", { command: cmd }));
    const denied = BENIGN.map((cmd, i) => [cmd, runs[i] as GateRun] as const)
      .filter(([, r]) => r.code !== 0)
      .map(([cmd, r]) => `${JSON.stringify(cmd)} → ${r.code} ${r.stderr.trim()}`);
    expect(denied).toEqual([]);
    expect(BENIGN.length).toBeGreaterThanOrEqual(40);
  }, 240_000);
});

describe("Write/Edit through an in-root symlink (decisions SEC-6)", () => {
  it("a Write through a symlinked directory to .claude/ is denied path.deny on the real path, as the literal path is", async () => {
    const literal = await gate("Write", { file_path: ".claude/settings.json", content: "{}" });
    const viaDir = await gate("Write", { file_path: "cl/settings.json", content: "{}" });
    expect([literal.code, literal.deny?.axiom.code, literal.deny?.axiom.path]).toEqual([
      2,
      "path.deny",
      ".claude/settings.json",
    ]);
    expect([viaDir.code, viaDir.deny?.axiom.code, viaDir.deny?.axiom.path]).toEqual([
      2,
      "path.deny",
      ".claude/settings.json",
    ]);
  });

  it("a Write or Edit of an in-root leaf symlink (also dangling, also absolute) is judged where it lands", async () => {
    for (const [tool, input, landed] of [
      ["Write", { file_path: "s.json", content: "{}" }, ".claude/settings.json"],
      ["Edit", { file_path: "s.json", old_string: "{}", new_string: "{ }" }, ".claude/settings.json"],
      ["Write", { file_path: "dangling", content: "{}" }, ".vscode/settings.json"],
      ["Write", { file_path: join(repo.root, "s.json"), content: "{}" }, ".claude/settings.json"],
    ] as const) {
      const r = await gate(tool, input);
      expect([tool, input.file_path, r.code, r.deny?.axiom.code, r.deny?.axiom.path]).toEqual([
        tool,
        input.file_path,
        2,
        "path.deny",
        landed,
      ]);
    }
    // A symlink to an ordinary directory is still refused for Write (ERR_SYMLINK_IN_PATH), not path.deny.
    const plain = await gate("Write", { file_path: "linked/a.txt", content: "x" });
    expect([plain.code, plain.deny?.axiom.code]).toEqual([2, "ERR_SYMLINK_IN_PATH"]);
  });
});

describe("file-system operation tools are writes (decisions SEC-7)", () => {
  it("move_file / copy_file / rename_file onto a protected path, or moving one away, are denied; ordinary ones allowed", async () => {
    const cases: [string, Record<string, unknown>, number, string?][] = [
      ["move_file", { source: "a.txt", destination: ".mcp.json" }, 2, ".mcp.json"],
      ["mcp__filesystem__move_file", { source: ".env", destination: "env.txt" }, 2, ".env"],
      ["copy_file", { source: "a.txt", destination: ".claude/settings.json" }, 2, ".claude/settings.json"],
      ["mcp__fs__copy_file", { source: "settings.json", destination: "cl/settings.json" }, 2, ".claude/settings.json"],
      ["rename_file", { oldPath: "a.txt", newPath: ".vscode/settings.json" }, 2, ".vscode/settings.json"],
      ["delete_file", { target_file: ".env" }, 2, ".env"],
      ["move_file", { source: "a.txt", destination: "src/b.txt" }, 0],
      ["copy_file", { source: ".env", destination: "backup/env.txt" }, 0],
      ["move_file", { from: "a.txt" }, 2],
    ];
    for (const [tool, input, code, p] of cases) {
      const r = await gate(tool, input);
      expect([tool, input, r.code]).toEqual([tool, input, code]);
      if (code === 2) expect(r.deny?.axiom.toolClass).toBe("write");
      if (p !== undefined) expect([tool, r.deny?.axiom.code, r.deny?.axiom.path]).toEqual([tool, "path.deny", p]);
    }
  });
});

// Keeps the fixture files referenced (a write helper used only in beforeAll).
void writeFile;
