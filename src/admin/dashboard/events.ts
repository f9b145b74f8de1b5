/**
 * The events of GET /__admin/events as the dashboard reads them. The stream carries any
 * {type, at, …} (src/journal/events.ts); the few the dashboard acts on by type are typed here
 * from the answers they repeat: a `request` is a journal row, a `demo.step` a step of the run,
 * a `clock.changed` the clock's state.
 */
import type { ClockState, DemoRun, DemoStep, Env, JournalRow } from './answers.js';

/** Any event, as far as the dashboard reads every one (the event log, an env's refresh). */
export interface StreamEvent {
  type: string;
  at: string;
  env?: Env | null;
  status?: number | 'refused' | null;
  method?: string;
  surface?: string | null;
  path?: string;
}

type DemoStarted = { type: 'demo.started'; of: number };
type DemoStepDone = DemoStep & { type: 'demo.step'; of: number };
type DemoFinished = { type: 'demo.finished'; state: DemoRun['state']; steps: number; of: number; error: string | null };
export type DemoEvent = DemoStarted | DemoStepDone | DemoFinished;

/** The events the dashboard acts on by type, each as its producer publishes it. */
interface Typed {
  request: JournalRow & { type: 'request' };
  'clock.changed': ClockState & { type: 'clock.changed' };
  'demo.started': DemoStarted;
  'demo.step': DemoStepDone;
  'demo.finished': DemoFinished;
}

/** An event of a type the dashboard acts on, with that type's fields. */
export function isEvent<K extends keyof Typed>(event: StreamEvent, type: K): event is StreamEvent & Typed[K] {
  return event.type === type;
}

export function isDemoEvent(event: StreamEvent): event is StreamEvent & DemoEvent {
  return isEvent(event, 'demo.started') || isEvent(event, 'demo.step') || isEvent(event, 'demo.finished');
}
