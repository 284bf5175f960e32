import { parseArgs } from 'node:util';
import type * as v from 'valibot';
import type { newRegistrationSchema } from '../../../src/domain/registration';
import type { CliIo } from '../cli-io';
import { runningServer, serverCandidates } from '../cli-target';

/**
 * `npm run registration -- --mobile "+1 201 555 0143" --plan "Unlimited Wash Club" [--amount 29.99]
 *  [--recharge-date 2026-12-01] [--site 12] [--source pos] [--returning] [--url http://localhost:3000]`
 * Calls the admin endpoint, as a point-of-sale would, and prints the link to text to the customer. It goes over
 * HTTP rather than calling the service: the running server holds the embedded database's directory, and the
 * endpoint is what a point-of-sale integration must get right. Resolves to the exit code: 2 for a usage error or
 * no ADMIN_API_KEY, 1 when the server is not reached or refuses.
 */
export async function runRegistrationCli(args: string[], { env, stdout, stderr }: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
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
  if (!values.mobile || !values.plan) {
    stderr('Usage: npm run registration -- --mobile "+1 201 555 0143" --plan "Unlimited Wash Club" [options]');
    return 2;
  }
  if (!env.adminApiKey) {
    stderr('ADMIN_API_KEY is not set: set it here and on the server (the admin route exists only then).');
    return 2;
  }

  const candidates = serverCandidates(values.url, env);
  const base = (await runningServer(candidates)) ?? candidates[0]!;
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
    stderr(`Could not reach the server at ${base}. Is it running (npm start)?`);
    return 1;
  }
  const answer = (await response.json()) as { url?: string; error?: { message: string; issues?: object } };
  if (!response.ok || !answer.url) {
    stderr(`Refused (${response.status}): ${answer.error?.message ?? 'unknown error'}`);
    if (answer.error?.issues) stderr(answer.error.issues);
    return 1;
  }
  stdout(answer.url);
  return 0;
}
