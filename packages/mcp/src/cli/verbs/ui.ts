// `axiom ui [--root <dir>] [--port <n>] [--open]` (issue 22): the local, read-only review page on
// 127.0.0.1. The URL (with this process's token) goes to stderr; stdout stays empty. Runs until
// SIGINT/SIGTERM, then closes the server and removes `.axiom/ui.json`; exit 0.

import { booleanFlag, integerFlag, stringFlag } from "../args";
import { writeStderr } from "../output";
import { resolveCliRoot } from "../roots";
import type { VerbContext } from "../verb";

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const root = await resolveCliRoot(stringFlag(values, "root") ?? ".", cwd);
  const review = await import("../../entries/review");
  const server = await review.startReviewServer({ root, port: integerFlag(values, "port") ?? 0 });
  const stopped = new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await review.writeDiscovery({
    url: server.url,
    pid: process.pid,
    port: server.port,
    root,
    startedAt: new Date().toISOString(),
  });
  writeStderr(`axiom ui: review page for ${root}\n${server.url}\n`);
  if (booleanFlag(values, "open") && !(await review.openBrowser(server.url)))
    writeStderr("axiom ui: could not start the browser opener; open the URL above by hand\n");
  await stopped;
  await review.removeDiscovery(root, process.pid);
  await server.close();
}
