import { eq } from 'drizzle-orm';
import type { Customer } from '../../../src/domain/customer';
import type { Db } from '../../platform/db/client';
import { customers } from '../../platform/db/schema';
import { toCustomer } from './customer-record';

/** What a caller naming no customer is told, whatever the status that goes with it. */
export const NO_SUCH_CUSTOMER = 'No customer has this id.';

export async function findCustomer(db: Db, id: string): Promise<Customer | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row && toCustomer(row);
}

/** Whether the customer exists, without reading their personal data. */
export async function customerExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  return row !== undefined;
}
