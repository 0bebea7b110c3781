// The in-process state the lock and intent waiters (decisions CONC-13) and the atomic writers of one
// file (APL-15) share, and the one way to drop it: the in-process crash simulation (test/crash-sim.ts) "kills" an apply by freezing it
// inside this process, and a killed process keeps nothing but its files.

import { forgetWritesInProgress } from "@codai/axiom-store";
import { forgetKnownHeads } from "./chain-head";
import { forgetIntentLine } from "./intents";
import { forgetLockQueues } from "./lock-wait";

/**
 * Forgets every lock waiter, intent-registry caller and atomic write in progress of this process
 * (none is served or waited for again) and the chain heads it knows.
 */
export function forgetProcessWaiters(): void {
  forgetLockQueues();
  forgetIntentLine();
  forgetWritesInProgress();
  forgetKnownHeads();
}
