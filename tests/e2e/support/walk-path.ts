import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { leafPaths, type LeafPath } from '../../support/graph-paths';
import type { HeldRequests } from './held-requests';

interface StepContext {
  page: Page;
  held: HeldRequests;
}

/** One UI gesture per machine event, typed so a new event does not compile until it has one. */
export type Gestures<TEvent extends EventObject> = {
  [E in TEvent['type']]: (ctx: StepContext, event: Extract<TEvent, { type: E }>) => Promise<void>;
};

/**
 * What the customer sees in each leaf state, by its dotted path (`form.editing`), so a new state does not compile
 * until it has a screen. The eventless states, which no snapshot rests in (the chart passes through them within a
 * step), have none.
 */
export type Screens<TSnapshot extends AnyMachineSnapshot> = Record<
  Exclude<LeafPath<TSnapshot['value']>, 'starting' | 'lookupAnswered'>,
  (page: Page, snapshot: TSnapshot) => Promise<void>
>;

/**
 * Walks a generated path in the browser: checks the first screen, then for each step performs the event's
 * gesture and checks the screen of every leaf state it leads to.
 */
export async function walkPath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  path: { steps: { event: TEvent; state: TSnapshot }[] },
  ctx: StepContext,
  gestures: Gestures<TEvent>,
  screens: Screens<TSnapshot>,
) {
  const screenOf = async (snapshot: TSnapshot) => {
    for (const leaf of leafPaths(snapshot.value)) {
      const screen = (screens as Record<string, (page: Page, snapshot: TSnapshot) => Promise<void>>)[leaf];
      if (!screen) throw new Error(`no screen for the state ${leaf}`);
      await screen(ctx.page, snapshot);
    }
  };
  const [first, ...steps] = path.steps;
  await screenOf(first!.state);
  for (const step of steps) {
    const gesture = gestures[step.event.type as TEvent['type']] as (ctx: StepContext, event: TEvent) => Promise<void>;
    await gesture(ctx, step.event);
    await screenOf(step.state);
  }
}
