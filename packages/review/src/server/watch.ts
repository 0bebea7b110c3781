// Live updates (issue 22): the server polls a cheap signature of the root's documents (the chain
// file, and the directories an apply, a preview, a rollback or the lock touch) while at least one
// page listens, and tells every listener when it changes; the page then re-reads its view. Polling
// (not fs.watch) behaves the same on every platform and file system.
import { fsx, layout } from "@codai/axiom-store";

export const POLL_MS = 500;

const watched = (root: string) => [
  layout.chain(root),
  layout.journalDir(root),
  layout.manifestsDir(root),
  layout.appliedDir(root),
  layout.reportsDir(root),
  layout.intents(root),
  layout.queue(root),
  layout.lock(root),
];

async function signature(root: string): Promise<string> {
  const parts = await Promise.all(
    watched(root).map((file) =>
      fsx.lstat(file).then(
        (st) => `${st.size}:${st.mtimeNs}:${st.ino}`,
        () => "-",
      ),
    ),
  );
  return parts.join("|");
}

export interface Watcher {
  subscribe(listener: () => void): () => void;
  close(): void;
}

export function watchRoot(root: string, intervalMs = POLL_MS): Watcher {
  const listeners = new Set<() => void>();
  let last: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const sig = await signature(root);
      if (last !== undefined && sig !== last) for (const l of listeners) l();
      last = sig;
    } finally {
      busy = false;
    }
  };
  const start = () => {
    if (timer) return;
    void tick();
    timer = setInterval(() => void tick(), intervalMs);
    timer.unref();
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    last = undefined;
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    close() {
      listeners.clear();
      stop();
    },
  };
}
