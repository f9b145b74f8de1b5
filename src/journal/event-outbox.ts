/**
 * What one subscriber of the event stream has yet to receive. Events are queued as text and
 * written one at a time; the text waiting is bounded, so a subscriber that stops reading (a
 * paused tab, a stuck proxy, a script that never drains its socket) costs at most the bound,
 * however busy the sandbox. Past it the subscriber is dropped: what waits is discarded and one
 * last event says why, so a client knows to reconnect and read what it missed from the
 * journal rather than believe the stream was complete.
 */

/** Text a subscriber may have waiting before it is dropped: hundreds of events a dashboard shows at once. */
export const OUTBOX_LIMIT_BYTES = 1024 * 1024;

export interface OutboxSink {
  /** Writes one event's text; resolves when the transport took it. */
  write(text: string): Promise<unknown>;
  close(): void;
}

export class EventOutbox {
  private readonly waiting: string[] = [];
  private waitingBytes = 0;
  private writing = false;
  private closing = false;
  private dropped = false;

  constructor(
    private readonly sink: OutboxSink,
    private readonly dropNotice: (waitingBytes: number) => string,
    private readonly limitBytes = OUTBOX_LIMIT_BYTES,
  ) {}

  /** Queues one event; false once the subscriber is dropped or closed (the caller unsubscribes). */
  push(text: string): boolean {
    if (this.dropped || this.closing) return false;
    if (this.waitingBytes + text.length > this.limitBytes) {
      const notice = this.dropNotice(this.waitingBytes + text.length);
      this.waiting.length = 0;
      this.waitingBytes = 0;
      this.dropped = true;
      this.enqueue(notice);
      this.closeAfter();
      return false;
    }
    this.enqueue(text);
    return true;
  }

  /** Closes the stream once what waits is written. */
  closeAfter(): void {
    this.closing = true;
    if (!this.writing && this.waiting.length === 0) this.sink.close();
  }

  get isDropped(): boolean {
    return this.dropped;
  }

  /** @testSeam the bound is checked against what waits. */
  get bytesWaiting(): number {
    return this.waitingBytes;
  }

  private enqueue(text: string): void {
    this.waiting.push(text);
    this.waitingBytes += text.length;
    if (!this.writing) void this.pump();
  }

  private async pump(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const text = this.waiting.shift()!;
      this.waitingBytes -= text.length;
      try {
        await this.sink.write(text);
      } catch {
        // The subscriber went away: nothing more can reach it.
        this.waiting.length = 0;
        this.waitingBytes = 0;
        this.closing = true;
      }
    }
    this.writing = false;
    if (this.closing) this.sink.close();
  }
}
