// requestState (mcp.md §8.5): the state round-trips through the client, so it is treated as
// attacker-controlled. It is an HMAC over (digest ‖ mint time ‖ nonce) under a per-process key,
// bound through a per-process table to root and tool, valid 15 minutes and once.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const STATE_TTL_MS = 900_000;
export const STATE_TABLE_MAX = 1024;
const PREFIX = "v1.";
const WIRE_BYTES = 8 + 16 + 32;

export type StateRejection = "malformed" | "bad-mac" | "unknown" | "replayed" | "expired" | "binding";

export interface StateBinding {
  manifestDigest: string;
  root: string;
  tool: string;
}

interface Entry extends StateBinding {
  mintedAt: number;
  consumed: boolean;
}

export class RequestStateStore {
  // Never logged, persisted or returned.
  readonly #key: Buffer;
  readonly #table = new Map<string, Entry>();
  now: () => number;

  constructor(options: { key?: Buffer; now?: () => number } = {}) {
    this.#key = options.key ?? randomBytes(32);
    this.now = options.now ?? Date.now;
  }

  #mac(manifestDigest: string, t: Buffer, n: Buffer): Buffer {
    return createHmac("sha256", this.#key).update(Buffer.from(manifestDigest, "ascii")).update(t).update(n).digest();
  }

  mint(binding: StateBinding): string {
    const mintedAt = Math.trunc(this.now());
    const t = Buffer.alloc(8);
    t.writeBigUInt64BE(BigInt(Math.max(0, mintedAt)));
    const n = randomBytes(16);
    const mac = this.#mac(binding.manifestDigest, t, n);
    if (this.#table.size >= STATE_TABLE_MAX) {
      const oldest = this.#table.keys().next().value;
      if (oldest !== undefined) this.#table.delete(oldest);
    }
    this.#table.set(n.toString("hex"), { ...binding, mintedAt, consumed: false });
    return PREFIX + Buffer.concat([t, n, mac]).toString("base64url");
  }

  /** undefined when the state is good for this call; otherwise the first failing check. */
  verify(state: string, call: StateBinding): StateRejection | undefined {
    if (!state.startsWith(PREFIX)) return "malformed";
    const b64 = state.slice(PREFIX.length);
    if (!/^[A-Za-z0-9_-]*$/.test(b64)) return "malformed";
    const raw = Buffer.from(b64, "base64url");
    if (raw.length !== WIRE_BYTES || raw.toString("base64url") !== b64) return "malformed";
    const t = raw.subarray(0, 8);
    const n = raw.subarray(8, 24);
    const mac = raw.subarray(24);
    if (!timingSafeEqual(mac, this.#mac(call.manifestDigest, t, n))) return "bad-mac";
    const entry = this.#table.get(n.toString("hex"));
    if (!entry) return "unknown";
    if (entry.consumed) return "replayed";
    entry.consumed = true; // whatever the later outcome
    const age = this.now() - Number(t.readBigUInt64BE());
    if (!(age >= 0 && age <= STATE_TTL_MS)) return "expired";
    if (entry.manifestDigest !== call.manifestDigest || entry.root !== call.root || entry.tool !== call.tool)
      return "binding";
    return undefined;
  }
}

/** The one store of this process: every server instance it builds shares key and table. */
export const processStates = new RequestStateStore();
