import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** A path step as xstate/graph gives it: the snapshot reached and the event that led there. */
export interface CoverageStep {
  from: string;
  event: string;
  to: string;
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

const leafIds = (node: AnyStateNode) => (node.type === 'atomic' || node.type === 'final' ? [node.id] : []);

/**
 * Every transition of the chart as `source|event|target` (target = source for a transition with actions only),
 * eventless ones with the event `always`. Candidates that differ only by guard and share a target count once.
 */
export function chartTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  for (const node of allNodes(machine.root)) {
    for (const [event, candidates] of node.transitions) {
      for (const candidate of candidates) {
        const targets = candidate.target?.map((t: AnyStateNode) => t.id) ?? [node.id];
        for (const target of targets) keys.add(`${node.id}|${event}|${target}`);
      }
    }
    for (const candidate of node.always ?? []) {
      for (const target of candidate.target?.map((t: AnyStateNode) => t.id) ?? [node.id]) {
        keys.add(`${node.id}|always|${target}`);
      }
    }
  }
  return keys;
}

export function chartStates(machine: AnyStateMachine): Set<string> {
  return new Set(allNodes(machine.root).flatMap(leafIds));
}

/** What the steps missed: every state and transition of the chart that no step visits. */
export function uncovered(machine: AnyStateMachine, steps: CoverageStep[]) {
  const visitedTransitions = new Set(steps.map((s) => `${s.from}|${s.event}|${s.to}`));
  const visitedStates = new Set(steps.flatMap((s) => [s.from, s.to]));
  return {
    states: [...chartStates(machine)].filter((id) => !visitedStates.has(id)),
    transitions: [...chartTransitions(machine)].filter((key) => !visitedTransitions.has(key)),
  };
}
