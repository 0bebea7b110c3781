// `--open`: the platform's opener with the URL as one argv element (no shell), detached, its
// output ignored; a missing opener is reported by the caller, never fatal.
import { spawn } from "node:child_process";

export function openerArgv(url: string, platform: NodeJS.Platform = process.platform): [string, string[]] {
  if (platform === "darwin") return ["open", [url]];
  if (platform === "win32") return ["rundll32", ["url.dll,FileProtocolHandler", url]];
  return ["xdg-open", [url]];
}

export function openBrowser(url: string): Promise<boolean> {
  const [cmd, args] = openerArgv(url);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { shell: false, stdio: "ignore", detached: true });
    child.once("error", () => resolve(false));
    child.once("spawn", () => {
      child.unref();
      resolve(true);
    });
  });
}
