import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type StatePath } from 'xstate/graph';
import type { AnyStateMachine, EventObject, InputFrom, SnapshotFrom, StateValue } from 'xstate';
import { mergeVisits, visitsOf, type Visits } from './coverage';

/** What the tests know of a chart: its ways in, the events to try, and what makes two snapshots differ. */
export interface PathModel<TMachine extends AnyStateMachine, TEvent extends EventObject> {
  machine: TMachine;
  inputs: Record<string, InputFrom<TMachine>>;
  /** The machine's events plus its invoked actors' outcomes (`xstate.done.actor.*`, `xstate.error.actor.*`). */
  events: TEvent[];
  /** The state and the facts the screen shows, not every character typed (which would make the graph endless). */
  serialize: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Events the UI cannot send in a snapshot (a checkbox click always flips the box). */
  possible?: (snapshot: SnapshotFrom<TMachine>, event: TEvent) => boolean;
}

export type ModelPath<TMachine extends AnyStateMachine, TEvent extends EventObject> = StatePath<
  SnapshotFrom<TMachine>,
  TEvent
> & { input: string };

/**
 * The dotted path of each active leaf (`form.editing`), as a type: what a screen check is keyed by. A parallel state
 * gives one per region.
 */
export type LeafPath<V> = V extends string
  ? V
  : { [K in keyof V & string]: V[K] extends undefined ? K : `${K}.${LeafPath<NonNullable<V[K]>>}` }[keyof V & string];

/** The dotted path of each active leaf of a state value: `{ form: 'editing' }` gives `['form.editing']`. */
export function leafPaths(value: StateValue): string[] {
  if (typeof value === 'string') return [value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [key] : leafPaths(child).map((path) => `${key}.${path}`),
  );
}

function traversal<M extends AnyStateMachine, E extends EventObject>(model: PathModel<M, E>, input: InputFrom<M>) {
  const possible = model.possible ?? (() => true);
  return {
    input,
    events: ((snapshot: SnapshotFrom<M>) => model.events.filter((event) => possible(snapshot, event))) as never,
    serializeState: model.serialize as never,
    limit: 10_000,
  };
}

/** One shortest path to each distinct screen state, per way in. */
export function shortestPaths<M extends AnyStateMachine, E extends EventObject>(model: PathModel<M, E>) {
  return Object.entries(model.inputs).flatMap(([name, input]) =>
    getShortestPaths(model.machine, traversal(model, input)).map((path) => ({
      ...(path as unknown as StatePath<SnapshotFrom<M>, E>),
      input: name,
    })),
  );
}

/**
 * One path per edge of the graph: the shortest way to its source, then the edge. Together they take every edge,
 * retries back to an earlier state included, which simple paths never do. An edge is an event some transition of
 * the chart handles, even one that changes nothing on screen (an edit refused while a submit is in flight); an
 * event nothing handles is no edge. A way in whose first state has no way out (a final state) gets its empty
 * path, so its start is walked too.
 */
export function transitionPaths<M extends AnyStateMachine, E extends EventObject>(
  model: PathModel<M, E>,
): ModelPath<M, E>[] {
  return Object.entries(model.inputs).flatMap(([name, input]) => {
    const options = traversal(model, input);
    const toState = new Map(
      getShortestPaths(model.machine, options).map((path) => [model.serialize(path.state as SnapshotFrom<M>), path]),
    );
    const adjacency = getAdjacencyMap(model.machine, options) as unknown as AdjacencyMap<SnapshotFrom<M>, E>;
    const edges = Object.entries(adjacency).flatMap(([key, { state: source, transitions }]) => {
      const base = toState.get(key);
      if (!base) return [];
      return Object.values<{ event: E; state: SnapshotFrom<M> }>(transitions)
        .filter(({ event }) => model.machine.getTransitionData(source, event).length > 0)
        .map(({ event, state }) => ({
          state,
          steps: [...(base.steps as StatePath<SnapshotFrom<M>, E>['steps']), { event, state }],
          weight: base.weight + 1,
          input: name,
        }));
    });
    if (edges.length > 0) return edges;
    const [start] = toState.values();
    return start ? [{ ...(start as StatePath<SnapshotFrom<M>, E>), input: name }] : [];
  });
}

/** The events a path sends after the machine starts (its first step is the start itself). */
const pathEvents = <M extends AnyStateMachine, E extends EventObject>(path: ModelPath<M, E>): E[] =>
  path.steps.slice(1).map((step) => step.event);

const visitCache = new WeakMap<object, Visits>();

/** What the paths visit, replayed through the chart itself. */
export function pathVisits<M extends AnyStateMachine, E extends EventObject>(
  model: PathModel<M, E>,
  paths: ModelPath<M, E>[],
): Visits {
  return mergeVisits(
    paths.map((path) => {
      let visits = visitCache.get(path);
      if (!visits) {
        visits = visitsOf(model.machine, model.inputs[path.input] as InputFrom<M>, pathEvents(path));
        visitCache.set(path, visits);
      }
      return visits;
    }),
  );
}

/**
 * The fewest paths (greedily) that still take every transition and visit every state the full set does: what the
 * browser walks, since each browser path costs a page load.
 */
export function coveringPaths<M extends AnyStateMachine, E extends EventObject>(
  model: PathModel<M, E>,
  paths: ModelPath<M, E>[],
): ModelPath<M, E>[] {
  const keysOf = (path: ModelPath<M, E>) => {
    const { states, transitions } = pathVisits(model, [path]);
    return new Set([...[...states].map((id) => `state:${id}`), ...transitions]);
  };
  const remaining = new Set(paths.flatMap((path) => [...keysOf(path)]));
  const chosen: ModelPath<M, E>[] = [];
  while (remaining.size > 0) {
    let best: ModelPath<M, E> | undefined;
    let bestGain = 0;
    for (const path of paths) {
      const gain = [...keysOf(path)].filter((key) => remaining.has(key)).length;
      if (gain > bestGain || (gain === bestGain && best && gain > 0 && path.steps.length > best.steps.length)) {
        [best, bestGain] = [path, gain];
      }
    }
    if (!best) break;
    chosen.push(best);
    for (const key of keysOf(best)) remaining.delete(key);
  }
  return chosen;
}
