import { parseArgs } from 'node:util';
import type * as v from 'valibot';
import type { newRegistrationSchema } from '../../src/domain/registration';
import { loadEnv } from '../env';

/**
 * `npm run registration -- --mobile "+1 201 555 0143" --plan "Unlimited Wash Club" [--amount 29.99]
 *  [--recharge-date 2026-12-01] [--site 12] [--source pos] [--returning] [--url http://localhost:3000]`
 * Calls the admin endpoint, as a point-of-sale would, and prints the link to text to the customer. It goes over
 * HTTP rather than calling the service: the running server holds the embedded database's directory, and the
 * endpoint is what a point-of-sale integration must get right.
 */
const { values } = parseArgs({
  options: {
    mobile: { type: 'string' },
    plan: { type: 'string' },
    amount: { type: 'string', default: '0' },
    'recharge-date': { type: 'string' },
    'sale-date': { type: 'string' },
    site: { type: 'string' },
    source: { type: 'string', default: 'cli' },
    returning: { type: 'boolean', default: false },
    url: { type: 'string' },
  },
});

const env = loadEnv();
if (!values.mobile || !values.plan) {
  console.error('Usage: npm run registration -- --mobile "+1 201 555 0143" --plan "Unlimited Wash Club" [options]');
  process.exit(2);
}
if (!env.adminApiKey) {
  console.error('ADMIN_API_KEY is not set: set it here and on the server (the admin route exists only then).');
  process.exit(2);
}

const base = (values.url ?? `http://127.0.0.1:${env.port}`).replace(/\/+$/, '');
const body = {
  mobileNumber: values.mobile,
  planName: values.plan,
  amount: Number(values.amount),
  rechargeDate: values['recharge-date'] ?? new Date().toISOString().slice(0, 10),
  ...(values['sale-date'] ? { saleDate: values['sale-date'] } : {}),
  ...(values.site ? { siteId: values.site } : {}),
  sourceSystem: values.source,
  isReturningCustomer: values.returning,
} satisfies v.InferInput<typeof newRegistrationSchema>;

let response: Response;
try {
  response = await fetch(`${base}/api/admin/registration-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${env.adminApiKey}` },
    body: JSON.stringify(body),
  });
} catch {
  console.error(`Could not reach the server at ${base}. Is it running (npm start)?`);
  process.exit(1);
}
const answer = (await response.json()) as { url?: string; error?: { message: string; issues?: object } };
if (!response.ok || !answer.url) {
  console.error(`Refused (${response.status}): ${answer.error?.message ?? 'unknown error'}`);
  if (answer.error?.issues) console.error(answer.error.issues);
  process.exit(1);
}
console.log(answer.url);
