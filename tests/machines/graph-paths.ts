import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type StatePath } from 'xstate/graph';
import {
  getInitialSnapshot,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import type { CoverageStep } from './coverage';

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
 * One path per transition: the shortest way to its source state, then the transition. Together they take every
 * edge of the graph, retries back to an earlier state included, which simple paths never do. A way in whose first
 * state has no way out (a final state) gets its empty path, so its start is walked too.
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
    const edges = Object.entries(adjacency).flatMap(([key, { transitions }]) => {
      const base = toState.get(key);
      if (!base) return [];
      return Object.values<{ event: E; state: SnapshotFrom<M> }>(transitions)
        .filter(({ state }) => model.serialize(state) !== key)
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

/** The steps of the paths as coverage sees them, including the eventless start each way in takes. */
export function coverageSteps<M extends AnyStateMachine, E extends EventObject>(
  model: PathModel<M, E>,
  paths: ModelPath<M, E>[],
): CoverageStep[] {
  const nodeId = (snapshot: AnyMachineSnapshot) => `${model.machine.id}.${String(snapshot.value)}`;
  const starts = [...new Set(paths.map((path) => path.input))].map((name) => ({
    from: `${model.machine.id}.${model.machine.config.initial as string}`,
    event: 'always',
    to: nodeId(getInitialSnapshot(model.machine, model.inputs[name] as InputFrom<M>)),
  }));
  const steps = paths.flatMap((path) => {
    let previous: AnyMachineSnapshot | undefined;
    return path.steps.flatMap((step) => {
      const from = previous;
      previous = step.state;
      return from ? [{ from: nodeId(from), event: step.event.type, to: nodeId(step.state) }] : [];
    });
  });
  return [...starts, ...steps];
}

/**
 * The fewest paths (greedily) that still take every transition the full set takes: what the browser walks,
 * since each browser path costs a page load.
 */
export function coveringPaths<M extends AnyStateMachine, E extends EventObject>(
  model: PathModel<M, E>,
  paths: ModelPath<M, E>[],
): ModelPath<M, E>[] {
  const keysOf = (path: ModelPath<M, E>) =>
    new Set(coverageSteps(model, [path]).map((step) => `${step.from}|${step.event}|${step.to}`));
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
