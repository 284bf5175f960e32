import { createActor, type AnyStateMachine, type EventFromLogic, type EventObject } from 'xstate';
import type { ModelPath, PathModel } from '../../support/graph-paths';

/**
 * A generated path with the snapshots the chart itself reaches, event by event. The graph keeps one snapshot for all
 * those `serialize` makes equal, so a path's own can differ in what the screen shows but the key leaves out (which
 * action last succeeded, which one could not reach the server): a screen check that reads the whole view needs the
 * path's own. Sent synchronously, as `visitsOf` sends them, so no invoked placeholder answers in between.
 */
export function replayed<M extends AnyStateMachine, E extends EventObject>(
  model: PathModel<M, E>,
  path: ModelPath<M, E>,
): ModelPath<M, E> {
  const actor = createActor(model.machine, { input: model.inputs[path.input] });
  actor.start();
  const [start, ...rest] = path.steps;
  const steps = [{ ...start!, state: actor.getSnapshot() }];
  for (const step of rest) {
    actor.send(step.event as EventFromLogic<M>);
    steps.push({ ...step, state: actor.getSnapshot() });
  }
  actor.stop();
  return { ...path, steps };
}
