import { describe, expect, it } from 'vitest';
import { chartStates, chartTransitions, uncovered } from './coverage';
import { coverageSteps, coveringPaths, transitionPaths, type ModelPath, type PathModel } from './graph-paths';
import { profileModel } from './profile.paths';
import { surveyModel } from './survey.paths';

/** Every machine of the app, with the model its tests walk. Add a machine here and its coverage is checked. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- models of different machines in one list
const models: PathModel<any, any>[] = [profileModel, surveyModel];

describe.each(models.map((model) => [model.machine.id as string, model] as const))(
  'coverage of the %s statechart',
  (id, model) => {
    const paths = transitionPaths(model) as ModelPath<typeof model.machine, never>[];

    it('visits every state and takes every transition on some generated path', () => {
      const missed = uncovered(model.machine, coverageSteps(model, paths));
      const states = chartStates(model.machine).size;
      const transitions = chartTransitions(model.machine).size;
      console.log(
        `${id}: ${states - missed.states.length}/${states} states, ` +
          `${transitions - missed.transitions.length}/${transitions} transitions, ${paths.length} paths`,
      );
      expect(missed, `not covered: ${JSON.stringify(missed)}`).toEqual({ states: [], transitions: [] });
    });

    it('the fewer paths the browser walks still take every transition', () => {
      const covering = coveringPaths(model, paths);
      expect(covering.length).toBeLessThanOrEqual(paths.length);
      expect(uncovered(model.machine, coverageSteps(model, covering))).toEqual({ states: [], transitions: [] });
    });
  },
);
