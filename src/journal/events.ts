/**
 * The control plane's event stream: one in-process bus per sandbox. Parts of the sandbox
 * publish state changes ({type, at, ...}); GET /__admin/events relays them as Server-Sent
 * Events to the dashboard and to anyone else who listens. Deliberately generic: a type
 * string and a flat JSON payload, so new producers (the request journal) need no change here.
 */
import type { Clock } from '../clock.js';

export interface SandboxEvent {
  /** Dotted name, e.g. checkout.status, checkout.purchase, clock.changed, callback.attempt. */
  type: string;
  /** Sandbox time of the change. */
  at: string;
  [detail: string]: unknown;
}

export type EventListener = (event: SandboxEvent) => void;

export class EventBus {
  private readonly listeners = new Set<EventListener>();

  constructor(private readonly clock: Pick<Clock, 'iso'>) {}

  /** `at` defaults to the sandbox clock's now. A failing listener never breaks the publisher. */
  publish(event: { type: string; at?: string; [detail: string]: unknown }): void {
    const full: SandboxEvent = { ...event, type: event.type, at: event.at ?? this.clock.iso() };
    for (const listener of this.listeners) {
      try {
        listener(full);
      } catch {
        // A listener's bug (or a closed stream) must not stop the sandbox's own work.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Publishes clock.changed on every set, advance and reset; returns the unsubscribe. */
  watchClock(clock: Pick<Clock, 'onChange' | 'isFrozen'>): () => void {
    return clock.onChange((now) =>
      this.publish({ type: 'clock.changed', at: now.toISOString(), now: now.toISOString(), frozen: clock.isFrozen() }),
    );
  }
}
