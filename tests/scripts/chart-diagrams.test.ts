import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { CHARTS, mermaidOf, readmeOf, withDiagram } from '../../scripts/chart-diagrams';

describe("each chart's README", () => {
  it.each(Object.keys(CHARTS))('%s shows the chart as it is (npm run charts writes it)', (flow) => {
    const readme = readFileSync(readmeOf(flow), 'utf8');
    expect(withDiagram(readme, mermaidOf(CHARTS[flow]!))).toBe(readme);
  });
});

describe('a chart as Mermaid', () => {
  const chart = setup({
    types: { events: {} as { type: 'user.submit' } | { type: 'user.retry' } | { type: 'field.changed' } },
    guards: { formIsValid: () => true },
    delays: { patience: 5000 },
    actors: { send: fromPromise(() => Promise.resolve()) },
  }).createMachine({
    id: 'demo',
    initial: 'form',
    states: {
      form: {
        initial: 'editing',
        states: {
          editing: {
            on: {
              'field.changed': { actions: [] },
              'user.submit': [{ guard: 'formIsValid', target: 'sending' }, { target: 'editing' }],
            },
          },
          sending: { invoke: { id: 'send', src: 'send' }, after: { 300: 'slow' } },
          slow: { after: { patience: '#demo.done' } },
        },
      },
      both: { type: 'parallel', states: { left: {}, right: {} } },
      done: { type: 'final' },
    },
  });
  const diagram = mermaidOf(chart);

  it('nests each state in its parent, with where each starts and which ones end', () => {
    expect(diagram).toMatch(/^```mermaid\nstateDiagram-v2\n/);
    expect(diagram).toContain('  state demo_form {\n    state "editing" as demo_form_editing');
    expect(diagram).toContain('    [*] --> demo_form_editing\n  }');
    expect(diagram).toContain('  [*] --> demo_form\n');
    expect(diagram).toContain('  demo_done --> [*]');
    expect(diagram).toContain('  state demo_both {\n    state "left" as demo_both_left\n    --\n    state "right"');
  });

  it('draws every transition that moves, with its guard, its fallback, and delays in words', () => {
    expect(diagram).toContain('demo_form_editing --> demo_form_sending : user.submit [formIsValid]');
    expect(diagram).toContain('demo_form_editing --> demo_form_editing : user.submit [otherwise]');
    expect(diagram).toContain('demo_form_sending --> demo_form_slow : after 300 ms');
    expect(diagram).toContain('demo_form_slow --> demo_done : after patience');
    // A transition that only runs actions leaves the state where it is: no arrow.
    expect(diagram).not.toContain('field.changed');
  });

  it('replaces the diagram of a README in place, and adds one under the first paragraph of a README without', () => {
    const bare = '# flow\n\nWhat it does.\n\n- a file\n';
    const once = withDiagram(bare, diagram);
    expect(once).toMatch(
      /^# flow\n\nWhat it does\.\n\n<!-- diagram:[^\n]*-->\n\n```mermaid\n[\s\S]*\n\n<!-- end of diagram -->\n\n- a file\n$/,
    );
    expect(withDiagram(once, '```mermaid\nnew\n```')).toBe(once.replace(diagram, '```mermaid\nnew\n```'));
  });
});
