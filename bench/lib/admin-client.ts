import type { IssuedRegistration } from '../../src/domain/registration';
import { customerBody, SALE } from './fixtures';
import { BENCH_ADMIN_API_KEY, BENCH_API_KEY } from './server-process';

async function postJson<T>(url: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Issues `count` registration codes through the admin endpoint, `concurrency` at a time. */
export async function issueCodes(baseUrl: string, count: number, concurrency = 10): Promise<IssuedRegistration[]> {
  const issued: IssuedRegistration[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      issued.push(
        await postJson<IssuedRegistration>(`${baseUrl}/api/admin/registration-tokens`, SALE, {
          authorization: `Bearer ${BENCH_ADMIN_API_KEY}`,
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return issued;
}

/** Completes one registration through the API and answers the new customer's id. */
export async function createCustomer(baseUrl: string, registrationId: string): Promise<string> {
  const customer = await postJson<{ id: string }>(`${baseUrl}/api/customers`, customerBody(registrationId), {
    'x-api-key': BENCH_API_KEY,
  });
  return customer.id;
}
