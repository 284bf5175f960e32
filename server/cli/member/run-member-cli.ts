import { parseArgs } from 'node:util';
import { ApiError } from '../../platform/http/api-error';
import type { CliIo } from '../cli-io';
import { openCliTarget } from '../cli-target';
import { directMemberData, memberDataOverHttp, type MemberData } from './member-data';

const USAGE = `Usage:
  npm run member -- export --email EMAIL    everything held about EMAIL, as JSON on stdout
  npm run member -- erase --email EMAIL     delete it all (one transaction), tell the webhook receivers
                                            (member.erased) and take its ids out of the audit log`;

/**
 * `npm run member -- …`: a member's request about their data, from a shell. With the server stopped (or on
 * PostgreSQL) it works on the database itself; while a server holds the embedded database it goes through that
 * server's admin API, with the key the server keeps for this machine in DATA_DIR (as `npm run staff` does).
 * Resolves to the exit code: 2 for a usage error, 1 when no member has the email or the server refuses.
 */
export async function runMemberCli(args: string[], { env, stdout, stderr }: CliIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { email: { type: 'string' }, url: { type: 'string' } },
  });
  const command = positionals[0];
  const email = values.email;
  if ((command !== 'export' && command !== 'erase') || !email?.trim()) {
    stderr(USAGE);
    return 2;
  }

  const members = await openCliTarget<MemberData>({
    env,
    stderr,
    url: values.url,
    direct: directMemberData,
    overHttp: memberDataOverHttp,
    purpose: 'reach it',
  });
  if (!members) return 1;
  try {
    if (command === 'export') {
      stdout(JSON.stringify(await members.export(email), null, 2));
    } else {
      const erased = await members.erase(email);
      stdout(`Erased everything held about ${email.trim()}:`);
      for (const [kind, count] of Object.entries(erased.counts)) stdout(`  ${kind}: ${count}`);
      stdout(`Audit rows whose subject named them, now 'erased' instead: ${erased.auditRowsRedacted}`);
      // For passing the request on to a system no webhook reaches: the receivers know the member by these ids.
      stdout(`Customer ids (as the webhook receivers know them): ${erased.customerIds.join(', ')}`);
      stdout(`Registration ids: ${erased.registrationIds.join(', ') || '(none)'}`);
      stdout(`Survey ids: ${erased.surveyIds.join(', ') || '(none)'}`);
      stdout(`Every enabled webhook endpoint is sent these ids as member.erased (event ${erased.eventId}).`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    stderr(error.message);
    return 1;
  } finally {
    await members.close();
  }
}
