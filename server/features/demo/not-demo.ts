import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client';
import { customers, registrations, sites } from '../../platform/db/schema';

/**
 * The one definition of demo data (decision 049): the registrations marked `is_demo` (the code `npm start` issues on
 * an empty database) and what each made, found through it: its member (`customers.registration_id`), and through
 * the member their surveys, follow-up cases and texts; and the sites made only for it (`sites.is_demo`). Every list,
 * figure and export leaves them out with these conditions unless an owner asked for them (`includeDemo`).
 */
const demoRegistrationIds = sql`select ${registrations.id} from ${registrations} where ${registrations.isDemo}`;
const demoCustomerIds = sql`select ${customers.id} from ${customers} where ${customers.registrationId} in (${demoRegistrationIds})`;

/** Whether a query shows the demo: only when an owner asked (the flag's door is `demoFlagDoor`). */
export interface DemoShown {
  includeDemo?: boolean | undefined;
}

/** Not made by the demo: rows reached from their registration's id (a registration, a member by `registration_id`). */
export const notDemoRegistration = (registrationId: AnyColumn, shown?: DemoShown): SQL | undefined =>
  shown?.includeDemo ? undefined : sql`${registrationId} not in (${demoRegistrationIds})`;

/** Not made by the demo: rows reached from their member's id (a survey, a follow-up case). */
export const notDemoMember = (customerId: AnyColumn, shown?: DemoShown): SQL | undefined =>
  shown?.includeDemo ? undefined : sql`${customerId} not in (${demoCustomerIds})`;

/** Not a site made only for the demo. */
export const notDemoSite = (shown?: DemoShown): SQL | undefined =>
  shown?.includeDemo ? undefined : eq(sites.isDemo, false);

/** The members the demo made, for whatever must know (its events, its alerts: none are sent). */
export const isDemoMember = (customerId: AnyColumn | string): SQL => sql`${customerId} in (${demoCustomerIds})`;

/** Whether the demo made this member: what they do then writes no event, and alerts nobody. */
export async function isDemoCustomer(tx: Db | Tx, customerId: string): Promise<boolean> {
  const found = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), isDemoMember(customers.id)));
  return found.length > 0;
}
