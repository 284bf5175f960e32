import { getAdjacencyMap, getShortestPaths, type AdjacencyMap, type StatePath } from 'xstate/graph';
import {
  createActor,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
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

/**
 * As few event sequences as the model allows (greedily), together taking every transition its graph does, for a page
 * that walks one long sequence on one screen instead of a page load per edge. `ends` marks the events after which
 * the page differs in a way the chart cannot know (a success that changes what the page offers): such an event may
 * only be a sequence's last. So each sequence aims at one such event's transition not yet taken, takes on its way
 * the nearest transitions not yet taken from which that aim can still be reached (an edit that cannot be undone
 * waits for a sequence aiming elsewhere), then ends with it. An eventless transition counts as taken with the event
 * that leads to it: the spec's check of the chart's own record (`pathVisits`) is what says nothing was missed.
 *
 * Each sequence is replayed through the chart before it is handed out: an event the chart does not handle where the
 * sequence sends it, or a screen state other than the graph's, throws, since walking it would check nothing.
 */
export function chainedPaths<M extends AnyStateMachine, E extends EventObject>(
  model: PathModel<M, E>,
  ends: (event: E) => boolean,
): ModelPath<M, E>[] {
  return Object.entries(model.inputs).flatMap(([name, input]) => {
    type Transitions = ReturnType<M['getTransitionData']>;
    interface Edge {
      from: string;
      to: string;
      event: E;
      taken: Transitions;
    }
    const adjacency = getAdjacencyMap(model.machine, traversal(model, input)) as unknown as AdjacencyMap<
      SnapshotFrom<M>,
      E
    >;
    const order = (event: E) => model.events.indexOf(event);
    const edges: Edge[] = Object.entries(adjacency).flatMap(([from, { state: source, transitions }]) =>
      Object.values<{ event: E; state: SnapshotFrom<M> }>(transitions)
        .map(({ event, state }) => ({
          from,
          to: model.serialize(state),
          event,
          taken: model.machine.getTransitionData(source, event) as Transitions,
        }))
        .filter((edge) => edge.taken.length > 0)
        .sort((a, b) => order(a.event) - order(b.event)),
    );
    const out = new Map<string, Edge[]>();
    for (const edge of edges) out.set(edge.from, [...(out.get(edge.from) ?? []), edge]);
    const goal = new Set(edges.flatMap((edge) => edge.taken));
    const covered = new Set<Transitions[number]>();
    const isNew = (edge: Edge) => edge.taken.some((transition) => !covered.has(transition));
    const aims = [...new Set(edges.filter((edge) => ends(edge.event)).flatMap((edge) => edge.taken))].sort(
      (a, b) =>
        Math.min(...edges.filter((edge) => edge.taken.includes(a)).map((edge) => order(edge.event))) -
        Math.min(...edges.filter((edge) => edge.taken.includes(b)).map((edge) => order(edge.event))),
    );

    /** The edges from `at`, through states in `within` by edges that do not end, to the nearest edge `wanted` takes. */
    const nearest = (at: string, within: Set<string>, wanted: (edge: Edge) => boolean): Edge[] | undefined => {
      const way = new Map<string, Edge[]>([[at, []]]);
      const queue = [at];
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        for (const edge of out.get(key) ?? []) {
          if (wanted(edge)) return [...way.get(key)!, edge];
        }
        for (const edge of out.get(key) ?? []) {
          if (ends(edge.event) || !within.has(edge.to) || way.has(edge.to)) continue;
          way.set(edge.to, [...way.get(key)!, edge]);
          queue.push(edge.to);
        }
      }
      return undefined;
    };
    /** The states from which an edge that does not end leads, by such edges, to one `wanted` takes. */
    const reaching = (wanted: (edge: Edge) => boolean) => {
      const found = new Set(edges.filter(wanted).map((edge) => edge.from));
      for (let grew = true; grew;) {
        grew = false;
        for (const edge of edges) {
          if (!ends(edge.event) && found.has(edge.to) && !found.has(edge.from)) {
            found.add(edge.from);
            grew = true;
          }
        }
      }
      return found;
    };

    const start = createActor(model.machine, { input });
    start.start();
    const initial = start.getSnapshot();
    start.stop();
    const startKey = model.serialize(initial);
    const sequences: Edge[][] = [];
    while ([...goal].some((transition) => !covered.has(transition))) {
      const aim = aims.find((transition) => !covered.has(transition));
      const finishing = (edge: Edge) => aim !== undefined && edge.taken.includes(aim);
      const within = aim === undefined ? new Set(Object.keys(adjacency)) : reaching(finishing);
      const sequence: Edge[] = [];
      const take = (way: Edge[]) => {
        sequence.push(...way);
        way.forEach((edge) => edge.taken.forEach((transition) => covered.add(transition)));
      };
      for (
        let way = nearest(startKey, within, (edge) => !ends(edge.event) && within.has(edge.to) && isNew(edge));
        way;
        way = nearest(way.at(-1)!.to, within, (edge) => !ends(edge.event) && within.has(edge.to) && isNew(edge))
      ) {
        take(way);
      }
      if (aim !== undefined) {
        const way = nearest(sequence.at(-1)?.to ?? startKey, within, finishing);
        if (!way) throw new Error(`chainedPaths: no way to ${name}'s ${describeTransition(aim)}`);
        take(way);
      }
      if (sequence.length === 0) throw new Error(`chainedPaths: ${name} leaves transitions no sequence reaches`);
      sequences.push(sequence);
    }

    return sequences.map((sequence) => {
      const actor = createActor(model.machine, { input });
      actor.start();
      const steps: StatePath<SnapshotFrom<M>, E>['steps'] = [
        { event: { type: 'xstate.init' } as E, state: actor.getSnapshot() },
      ];
      sequence.forEach(({ event, to }, index) => {
        const before = actor.getSnapshot();
        const where = `${name}'s sequence ${sequences.indexOf(sequence) + 1}, step ${index + 1} (${event.type})`;
        if (model.machine.getTransitionData(before, event).length === 0) {
          throw new Error(`chainedPaths: the chart ignores ${where} in ${model.serialize(before)}`);
        }
        if (ends(event) && index !== sequence.length - 1) throw new Error(`chainedPaths: ${where} ends too early`);
        actor.send(event as EventFromLogic<M>);
        const after = actor.getSnapshot();
        if (model.serialize(after) !== to) {
          throw new Error(`chainedPaths: ${where} reaches ${model.serialize(after)}, not ${to}`);
        }
        steps.push({ event, state: after });
      });
      actor.stop();
      return { state: steps.at(-1)!.state, steps, weight: sequence.length, input: name };
    });
  });
}

function describeTransition(transition: { eventType: string; source: { id: string } }) {
  return `${transition.source.id} on ${transition.eventType}`;
}
