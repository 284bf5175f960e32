import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { HeldRequests } from './held-requests';

export interface StepContext {
  page: Page;
  held: HeldRequests;
}

/** One UI gesture per machine event, typed so a new event does not compile until it has one. */
export type Gestures<TEvent extends EventObject> = {
  [E in TEvent['type']]: (ctx: StepContext, event: Extract<TEvent, { type: E }>) => Promise<void>;
};

/** What the customer sees in each state of a flat chart (its transient start state excluded). */
export type Screens<TSnapshot extends AnyMachineSnapshot> = Record<
  Exclude<TSnapshot['value'], 'starting'> & string,
  (page: Page, snapshot: TSnapshot) => Promise<void>
>;

/**
 * Walks a generated path in the browser: checks the first screen, then for each step performs the event's
 * gesture and checks the screen of the state it leads to.
 */
export async function walkPath<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  path: { steps: { event: TEvent; state: TSnapshot }[] },
  ctx: StepContext,
  gestures: Gestures<TEvent>,
  screens: Screens<TSnapshot>,
) {
  const screenOf = (snapshot: TSnapshot) => screens[snapshot.value as keyof Screens<TSnapshot>](ctx.page, snapshot);
  const [first, ...steps] = path.steps;
  await screenOf(first!.state);
  for (const step of steps) {
    const gesture = gestures[step.event.type as TEvent['type']] as (ctx: StepContext, event: TEvent) => Promise<void>;
    await gesture(ctx, step.event);
    await screenOf(step.state);
  }
}
