import { CUSTOMER_FIELDS, type Customer } from '../../../src/domain/customer';
import type { customers } from '../../platform/db/schema';
import { pick } from '../../platform/values/pick';

export const toCustomer = (row: typeof customers.$inferSelect): Customer => pick(row, CUSTOMER_FIELDS);
