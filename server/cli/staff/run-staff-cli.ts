import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { STAFF_ROLES, type StaffMember } from '../../../src/domain/staff';
import { ApiError } from '../../platform/http/api-error';
import type { CliIo } from '../cli-io';
import { openCliTarget } from '../cli-target';
import { directStaffing, staffingOverHttp, type Staffing } from './staffing';

const USAGE = `Usage:
  npm run staff -- add --email EMAIL --role owner|manager [--sites 1,7] [--password P] [--name NAME]
  npm run staff -- list
  npm run staff -- disable --email EMAIL`;

const show = (m: StaffMember) =>
  `${m.email}  ${m.role}${m.role === 'manager' ? ` (sites ${m.sites.join(', ')})` : ''}${m.disabled ? '  disabled' : ''}`;

/**
 * `npm run staff -- …`: staff accounts from a shell. With the server stopped (or on PostgreSQL) it works on the
 * database itself; while a server holds the embedded database it goes through that server's admin API, with the
 * key the server keeps for this machine in DATA_DIR. Resolves to the exit code: 2 for a usage error, 1 when the
 * operation is refused.
 */
export async function runStaffCli(args: string[], { env, stdout, stderr }: CliIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      sites: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      url: { type: 'string' },
    },
  });
  const command = positionals[0];
  const usage = () => {
    stderr(USAGE);
    return 2;
  };
  if (command !== 'add' && command !== 'list' && command !== 'disable') return usage();
  if ((command === 'add' || command === 'disable') && !values.email) return usage();
  if (command === 'add' && !v.is(v.picklist(STAFF_ROLES), values.role)) return usage();

  const staffing = await openCliTarget<Staffing>({
    env,
    stderr,
    url: values.url,
    direct: (db, close) => directStaffing(db, close, env.publicUrl),
    overHttp: staffingOverHttp,
    purpose: 'manage staff through it',
  });
  if (!staffing) return 1;
  try {
    if (command === 'add') {
      const added = await staffing.add({
        email: values.email,
        role: values.role,
        ...(values.name ? { name: values.name } : {}),
        ...(values.sites ? { sites: values.sites.split(',').map((site) => site.trim()) } : {}),
        ...(values.password ? { password: values.password } : {}),
      });
      stdout(`Added ${show(added.staff)}`);
      if (added.password) stdout(`One-time password (shown once; change it after signing in): ${added.password}`);
      stdout(`Sign in at ${env.publicUrl}/admin/sign-in`);
    } else if (command === 'list') {
      const staff = await staffing.list();
      stdout(staff.length ? staff.map(show).join('\n') : 'No staff yet.');
    } else {
      stdout(`Disabled ${show(await staffing.disable(values.email!))}`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    stderr(error.message);
    if (error.issues) for (const [field, message] of Object.entries(error.issues)) stderr(`  ${field}: ${message}`);
    return 1;
  } finally {
    await staffing.close();
  }
}
