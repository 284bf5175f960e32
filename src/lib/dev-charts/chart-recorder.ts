import type { InspectionEvent, Observer } from 'xstate';
import { masked } from '../inspector-mask';

/** The part of a chart's state node the view reads: its key, id and children. */
export interface ChartNode {
  id: string;
  key: string;
  type: string;
  states: Record<string, ChartNode>;
}

/** A running chart as the dev view shows it: where it is and what it was last sent, masked. */
export interface LiveChart {
  sessionId: string;
  root: ChartNode;
  value: unknown;
  events: { at: number; event: unknown }[];
}

const KEPT_EVENTS = 12;

type Snapshot = { value?: unknown; status?: string };

/** The state node ids a snapshot's value is in: `{ form: 'editing' }` of chart `profile` is profile.form(.editing). */
export function activeIds(rootId: string, value: unknown): Set<string> {
  const ids = new Set<string>([rootId]);
  const walk = (prefix: string, part: unknown) => {
    if (typeof part === 'string') ids.add(`${prefix}.${part}`);
    else if (part && typeof part === 'object') {
      for (const [key, child] of Object.entries(part)) {
        ids.add(`${prefix}.${key}`);
        walk(`${prefix}.${key}`, child);
      }
    }
  };
  walk(rootId, value);
  return ids;
}

/**
 * Keeps every running chart the inspection stream tells of (actors whose logic is a state machine), their current
 * state and their last events, and tells the view when they change. Development only (src/lib/inspector.ts).
 */
export function chartRecorder() {
  const charts = new Map<string, LiveChart>();
  const listeners = new Set<() => void>();
  let list: LiveChart[] = [];
  const changed = () => {
    list = [...charts.values()];
    for (const listener of listeners) listener();
  };
  /** A machine's actor carries its chart (`logic.root`); a promise's or a callback's has none. */
  const rootOf = (actor: unknown): ChartNode | undefined => (actor as { logic?: { root?: ChartNode } }).logic?.root;

  const observer: Observer<InspectionEvent> = {
    next(inspection) {
      const id = inspection.actorRef.sessionId;
      if (inspection.type === '@xstate.snapshot') {
        // A chart shows from its first snapshot (an actor React creates twice in StrictMode and never starts has
        // none), and goes when it stops; React may start a stopped one again under the same id.
        const root = rootOf(inspection.actorRef);
        if (!root) return;
        const snapshot = inspection.snapshot as Snapshot;
        if (snapshot.status === 'stopped') charts.delete(id);
        else charts.set(id, { sessionId: id, root, value: snapshot.value, events: charts.get(id)?.events ?? [] });
      } else if (inspection.type === '@xstate.event') {
        const chart = charts.get(id);
        if (!chart) return;
        const events = [{ at: Date.now(), event: masked(inspection.event) }, ...chart.events].slice(0, KEPT_EVENTS);
        charts.set(id, { ...chart, events });
      } else return;
      changed();
    },
  };

  return {
    observer,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    charts: () => list,
  };
}

export type ChartRecorder = ReturnType<typeof chartRecorder>;
