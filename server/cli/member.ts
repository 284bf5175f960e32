import { parseArgs } from 'node:util';
import type { Db } from '../db/client';
import { loadEnv } from '../env';
import { openCliTarget } from './cli-target';
import { ApiError } from '../lib/api-error';
import { eraseMember, type ErasedMember } from '../members/erase-member';
import { exportMember, NO_SUCH_MEMBER_EMAIL, type MemberExport } from '../members/export-member';

const USAGE = `Usage:
  npm run member -- export --email EMAIL    everything held about EMAIL, as JSON on stdout
  npm run member -- erase --email EMAIL     delete it all (one transaction), tell the webhook receivers
                                            (member.erased) and take its ids out of the audit log`;

/**
 * A member's request about their data, from a shell. With the server stopped (or on PostgreSQL) it works on the
 * database itself; while a server holds the embedded database it goes through that server's admin API, with
 * the key the server keeps for this machine in DATA_DIR (as `npm run staff` does).
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, url: { type: 'string' } },
});
const command = positionals[0];
const env = loadEnv();

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The two requests, whether the database is ours or the server's. */
interface MemberData {
  export(email: string): Promise<MemberExport>;
  erase(email: string): Promise<ErasedMember>;
  close(): Promise<void>;
}

const notFound = () => new ApiError(404, 'not_found', NO_SUCH_MEMBER_EMAIL);

function direct(db: Db, close: () => Promise<void>): MemberData {
  return {
    async export(email) {
      return (await exportMember(db, email)) ?? Promise.reject(notFound());
    },
    async erase(email) {
      return (await eraseMember(db, email, { actor: { kind: 'cli' } })) ?? Promise.reject(notFound());
    },
    close,
  };
}

function overHttp(base: string, key: string): MemberData {
  const call = async <T>(path: string, email: string): Promise<T> => {
    const response = await fetch(`${base}/api/admin${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const answer = (await response.json()) as T & { error?: { code: string; message: string } };
    if (!response.ok) {
      throw new ApiError(400, 'validation_failed', answer.error?.message ?? `HTTP ${response.status}`);
    }
    return answer;
  };
  return {
    export: (email) => call('/member-data/export', email),
    erase: (email) => call('/member-data/erase', email),
    close: () => Promise.resolve(),
  };
}

const open = () => openCliTarget<MemberData>({ env, url: values.url, direct, overHttp, purpose: 'reach it' });

if ((command !== 'export' && command !== 'erase') || !values.email?.trim()) fail(USAGE, 2);
const email = values.email;

const members = await open();
try {
  if (command === 'export') {
    console.log(JSON.stringify(await members.export(email), null, 2));
  } else {
    const erased = await members.erase(email);
    console.log(`Erased everything held about ${email.trim()}:`);
    for (const [kind, count] of Object.entries(erased.counts)) console.log(`  ${kind}: ${count}`);
    console.log(`Audit rows whose subject named them, now 'erased' instead: ${erased.auditRowsRedacted}`);
    // For passing the request on to a system no webhook reaches: the receivers know the member by these ids.
    console.log(`Customer ids (as the webhook receivers know them): ${erased.customerIds.join(', ')}`);
    console.log(`Registration ids: ${erased.registrationIds.join(', ') || '(none)'}`);
    console.log(`Survey ids: ${erased.surveyIds.join(', ') || '(none)'}`);
    console.log(`Every enabled webhook endpoint is sent these ids as member.erased (event ${erased.eventId}).`);
  }
} catch (error) {
  if (!(error instanceof ApiError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await members.close();
}
