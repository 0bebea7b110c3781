// A harness's interactive TUI under tmux: one private tmux server per session (-L, no user
// config), keys sent with send-keys, the screen read with capture-pane. Waiting is polling with a
// deadline; a screen that never shows what is awaited fails with "UI changed: <captured pane>",
// never a silent pass.
import { execFileSync } from "node:child_process";

export interface TuiSession {
  /** The visible pane, wrapped lines joined. */
  screen(): string;
  /** Literal text (no key names interpreted). */
  type(text: string): void;
  /** tmux key names: Enter, Escape, Tab, Space, Down, Up, BSpace… */
  keys(...names: string[]): void;
  /** Polls until `pattern` is on screen; returns the screen. */
  waitFor(pattern: RegExp, what: string, timeoutMs?: number): Promise<string>;
  close(): void;
}

const POLL_MS = 250;
const DEFAULT_WAIT_MS = 90_000;

export class UiChanged extends Error {}

export function startTui(name: string, argv: readonly string[], cwd: string, env: Record<string, string>): TuiSession {
  const socket = `axiom-e2e-${name}-${process.pid}`;
  const tmux = (...args: string[]) =>
    execFileSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8", env, cwd });
  tmux("new-session", "-d", "-s", "e2e", "-x", "160", "-y", "50", "-c", cwd, "--", ...argv);
  tmux("set-option", "-t", "e2e", "remain-on-exit", "on");
  const screen = () => tmux("capture-pane", "-p", "-J", "-t", "e2e");
  return {
    screen,
    type: (text) => {
      tmux("send-keys", "-t", "e2e", "-l", text);
    },
    keys: (...names) => {
      for (const k of names) tmux("send-keys", "-t", "e2e", k);
    },
    async waitFor(pattern, what, timeoutMs = DEFAULT_WAIT_MS) {
      const deadline = Date.now() + timeoutMs;
      let last = "";
      while (Date.now() < deadline) {
        last = screen();
        if (pattern.test(last)) return last;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      throw new UiChanged(`UI changed: waited ${timeoutMs} ms for ${what} (${pattern}); captured pane:\n${last}`);
    },
    close: () => {
      try {
        tmux("kill-server");
      } catch {
        // Already gone.
      }
    },
  };
}

/**
 * Sends the prompt until the model (the mock) got it with the tool the script needs: each try
 * waits for the mock to answer, and a WAITING answer means "send it again" (bounded by a deadline).
 */
export async function promptWhenReady(
  tui: TuiSession,
  prompt: string,
  answered: () => { count: number; waiting: boolean },
  idle: RegExp,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const before = answered().count;
    tui.type(prompt);
    tui.keys("Enter");
    while (Date.now() < deadline && answered().count === before) await new Promise((r) => setTimeout(r, POLL_MS));
    if (!answered().waiting) return;
    // The harness shows the WAITING answer, then takes a prompt again.
    await tui.waitFor(/not offered yet/, "the mock's waiting answer");
    await tui.waitFor(idle, "the prompt, idle again");
  }
  throw new UiChanged(
    `UI changed: the prompt never reached the model with the tools it needs; captured pane:\n${tui.screen()}`,
  );
}
