import { describe, expect, it } from 'vitest';
import { chartStates, chartTransitions, uncovered } from '../support/coverage';
import { coveringPaths, pathVisits, transitionPaths, type ModelPath, type PathModel } from '../support/graph-paths';
import { followUpCaseModel } from '../support/follow-up-case.paths';
import { issueCodeModel } from '../support/issue-code.paths';
import { profileModel } from '../support/profile.paths';
import { signInModel } from '../support/sign-in.paths';
import { surveyModel } from '../support/survey.paths';

/** Every machine of the app, with the model its tests walk. Add a machine here and its coverage is checked. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- models of different machines in one list
const models: PathModel<any, any>[] = [profileModel, surveyModel, signInModel, issueCodeModel, followUpCaseModel];

const sorted = (set: Set<string>) => [...set].sort();

describe.each(models.map((model) => [model.machine.id as string, model] as const))(
  'coverage of the %s statechart',
  (id, model) => {
    const paths = transitionPaths(model) as ModelPath<typeof model.machine, never>[];

    it('visits every state node and takes every transition on some generated path', () => {
      const missed = uncovered(model.machine, pathVisits(model, paths));
      const states = chartStates(model.machine).size;
      const transitions = chartTransitions(model.machine).size;
      console.log(
        `${id}: ${states - missed.states.length}/${states} states, ` +
          `${transitions - missed.transitions.length}/${transitions} transitions, ${paths.length} paths, ` +
          `${coveringPaths(model, paths).length} walked in the browser`,
      );
      expect(missed, `not covered: ${JSON.stringify(missed)}`).toEqual({ states: [], transitions: [] });
    });

    it('the fewer paths the browser walks visit every state and take every transition the full set does', () => {
      const full = pathVisits(model, paths);
      const walked = pathVisits(model, coveringPaths(model, paths));
      expect(sorted(walked.states)).toEqual(sorted(full.states));
      expect(sorted(walked.transitions)).toEqual(sorted(full.transitions));
    });
  },
);
