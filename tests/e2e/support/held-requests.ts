import type { Page, Route } from '@playwright/test';
import type { FollowUpAction } from '../../../machines/follow-up-case/follow-up-case.types';

type HeldKind = 'lookup' | 'submit' | 'survey' | 'signIn' | 'issue' | FollowUpAction;

/**
 * Holds the page's requests that a flow waits on (lookups, submits, surveys, sign-ins, codes issued, a follow-up
 * case's actions) until a test step decides their outcome: let through to the real server, answered with a refusal,
 * or cut off as a dead network would.
 */
export class HeldRequests {
  private readonly queues: Record<HeldKind, Route[]> = {
    lookup: [],
    submit: [],
    survey: [],
    signIn: [],
    issue: [],
    assign: [],
    contact: [],
    note: [],
    resolve: [],
  };

  async install(page: Page) {
    await page.route('**/api/registration-tokens/**', (route) => void this.queues.lookup.push(route));
    await page.route('**/api/customers', (route) => void this.queues.submit.push(route));
    await page.route('**/api/surveys', (route) => void this.queues.survey.push(route));
    // The console's two flows: a staff sign-in and a code issued at the counter.
    await page.route('**/api/auth/sign-in/email', (route) => void this.queues.signIn.push(route));
    await page.route('**/api/admin/registration-tokens', (route) => void this.queues.issue.push(route));
    // A follow-up case's four actions (its page's reads go through).
    await page.route('**/api/admin/follow-ups/*/assign', (route) => void this.queues.assign.push(route));
    await page.route('**/api/admin/follow-ups/*/contact', (route) => void this.queues.contact.push(route));
    await page.route('**/api/admin/follow-ups/*/notes', (route) => void this.queues.note.push(route));
    await page.route('**/api/admin/follow-ups/*/resolve', (route) => void this.queues.resolve.push(route));
  }

  async next(kind: HeldKind, timeoutMs = 10_000): Promise<Route> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const route = this.queues[kind].shift();
      if (route) return route;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`the page made no ${kind} request`);
  }
}
