import {
  createActor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type StateValue,
} from 'xstate';

/** What a set of paths visits: state node ids, and transitions as `transitionKey` gives them. */
export interface Visits {
  states: Set<string>;
  transitions: Set<string>;
}

function descendants(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...descendants(child)]);
}

function guardName(guard: AnyTransitionDefinition['guard']): string {
  if (guard === undefined) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && 'type' in guard) return ` [${String(guard.type)}]`;
  return ' [inline guard]';
}

/**
 * `source|event [guard]|target`: a transition with actions only (or none) targets its source, an eventless one has
 * the event `always`. The guard is part of the name, so candidates that share an event and a target (a customer id
 * from the session or from the link, both leading to the form) are each a transition of their own.
 */
function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source.id;
  const targets = transition.target?.map((node) => node.id).join(',') ?? source;
  return `${source}|${transition.eventType || 'always'}${guardName(transition.guard)}|${targets}`;
}

/** Every state node of the chart by id, compound parents included; the root is always visited and left out. */
export function chartStates(machine: AnyStateMachine): Set<string> {
  return new Set(descendants(machine.root).map((node) => node.id));
}

/** Every transition candidate of every state node, eventless ones and invoked actors' outcomes included. */
export function chartTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of [machine.root, ...descendants(machine.root)]) {
    for (const candidates of node.transitions.values()) candidates.forEach((t) => keys.add(transitionKey(t)));
    for (const candidate of node.always ?? []) keys.add(transitionKey(candidate));
  }
  return keys;
}

/** The ids of the active state nodes of a snapshot: each leaf and every ancestor below the root. */
function activeStateIds(machine: AnyStateMachine, value: StateValue): string[] {
  const walk = (node: AnyStateNode, part: StateValue): string[] => {
    if (typeof part === 'string') return [node.states[part]!.id];
    return Object.entries(part).flatMap(([key, child]) => {
      const next = node.states[key]!;
      return [next.id, ...(child === undefined ? [] : walk(next, child))];
    });
  };
  return walk(machine.root, value);
}

/**
 * Runs the events through a live actor and notes what the chart itself reports as taken: each microstep's
 * transitions (eventless ones included) and the state nodes active after it. Reading the chart's own record, not
 * comparing state values, is what makes a transition of a parent state count as that transition.
 */
export function visitsOf<M extends AnyStateMachine>(machine: M, input: InputFrom<M>, events: EventObject[]): Visits {
  const visits: Visits = { states: new Set(), transitions: new Set() };
  const note = (snapshot: AnyMachineSnapshot) =>
    activeStateIds(machine, snapshot.value).forEach((id) => visits.states.add(id));
  const actor = createActor(machine, {
    input,
    inspect: (inspection) => {
      // The root's own steps: invoked actors report none, and the root is still being built for the first ones.
      if (inspection.type !== '@xstate.microstep' || inspection.actorRef.sessionId !== inspection.rootId) return;
      for (const transition of inspection._transitions) {
        visits.transitions.add(transitionKey(transition));
        visits.states.add(transition.source.id);
      }
      note(inspection.snapshot as AnyMachineSnapshot);
    },
  });
  actor.start();
  note(actor.getSnapshot());
  // The paths also send invoked actors' outcomes (`xstate.done.actor.*`), which the machine's event type leaves out.
  for (const event of events) actor.send(event as EventFromLogic<M>);
  actor.stop();
  return visits;
}

export function mergeVisits(all: Visits[]): Visits {
  return {
    states: new Set(all.flatMap((visits) => [...visits.states])),
    transitions: new Set(all.flatMap((visits) => [...visits.transitions])),
  };
}

/** What the visits missed: every state node and transition of the chart that none of them took. */
export function uncovered(machine: AnyStateMachine, visits: Visits) {
  return {
    states: [...chartStates(machine)].filter((id) => !visits.states.has(id)),
    transitions: [...chartTransitions(machine)].filter((key) => !visits.transitions.has(key)),
  };
}
