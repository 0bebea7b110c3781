// Stdin end finishes what is in flight (issue 20 Low 7, decisions SEC-34, replacing MCP-12): the
// requests the client sent are answered and their answers written before the connection closes.
// This tracks the two directions of one stdio connection: client requests not answered yet, and
// server requests (elicitation) the client has not answered. Once input has ended the client can
// answer nothing, so each open server request gets an error reply in the client's place: a human
// step waiting on one fails closed, and its tool call answers instead of hanging.
type Id = string | number;
type Message = Record<string, unknown>;

const keyOf = (id: unknown) => JSON.stringify(id);
const isId = (v: unknown): v is Id => typeof v === "string" || typeof v === "number";
const isRequest = (m: Message) => typeof m.method === "string" && isId(m.id);
const isResponse = (m: Message) => m.method === undefined && isId(m.id) && ("result" in m || "error" in m);

/** The JSON-RPC error the server sees for a request of its own once the client's input has ended. */
export const INPUT_ENDED_ERROR = { code: -32000, message: "stdin ended: the client can no longer answer" };

export class InFlight {
  private readonly open = new Set<string>();
  private readonly outgoing = new Map<string, Id>();
  private ended = false;
  private idle: (() => void) | undefined;

  constructor(
    /** Delivers a message to the server as if the client had sent it. */
    private readonly deliver: (message: Message) => void,
  ) {}

  /** Every message read from the client, before the server sees it. */
  received(message: unknown): void {
    if (typeof message !== "object" || message === null) return;
    const m = message as Message;
    if (isRequest(m)) this.open.add(keyOf(m.id));
    else if (isResponse(m)) this.outgoing.delete(keyOf(m.id));
    else if (m.method === "notifications/cancelled") {
      // a cancelled request may never be answered: it no longer holds the connection open
      this.open.delete(keyOf((m.params as Message | undefined)?.requestId));
      this.check();
    }
  }

  /** Every message the server wrote (after the write settled). */
  sent(message: unknown): void {
    if (typeof message !== "object" || message === null) return;
    const m = message as Message;
    if (isResponse(m)) {
      this.open.delete(keyOf(m.id));
      this.check();
    } else if (isRequest(m)) {
      this.outgoing.set(keyOf(m.id), m.id as Id);
      if (this.ended) this.refuseOutgoing();
    }
  }

  /** Input ended: `onIdle` runs once every client request is answered (at once when none is open). */
  end(onIdle: () => void): void {
    if (this.ended) return;
    this.ended = true;
    this.idle = onIdle;
    this.refuseOutgoing();
    this.check();
  }

  private refuseOutgoing(): void {
    for (const [key, id] of [...this.outgoing]) {
      this.outgoing.delete(key);
      this.deliver({ jsonrpc: "2.0", id, error: INPUT_ENDED_ERROR });
    }
  }

  private check(): void {
    if (!this.ended || this.open.size > 0 || !this.idle) return;
    const idle = this.idle;
    this.idle = undefined;
    idle();
  }
}
