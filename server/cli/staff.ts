import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { newStaffSchema, STAFF_ROLES, type StaffMember } from '../../src/domain/staff';
import { validate } from '../../src/domain/validation';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../db/client';
import { loadEnv } from '../env';
import { openCliTarget } from './cli-target';
import { ApiError } from '../lib/api-error';
import { addStaff } from '../staff/add-staff';
import { createAuth } from '../staff/auth';
import { findStaffByEmail, listStaff } from '../staff/list-staff';
import { updateStaff } from '../staff/update-staff';

const USAGE = `Usage:
  npm run staff -- add --email EMAIL --role owner|manager [--sites 1,7] [--password P] [--name NAME]
  npm run staff -- list
  npm run staff -- disable --email EMAIL`;

/**
 * Staff accounts from a shell. With the server stopped (or on PostgreSQL) it works on the database itself; while
 * a server holds the embedded database it goes through that server's admin API, with the key the server keeps for
 * this machine in DATA_DIR.
 */
const { positionals, values } = parseArgs({
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
const env = loadEnv();

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** What a staff operation needs, whether the database is ours or the server's. */
interface Staffing {
  add(input: unknown): Promise<{ staff: StaffMember; password?: string }>;
  list(): Promise<StaffMember[]>;
  disable(email: string): Promise<StaffMember>;
  close(): Promise<void>;
}

function direct(db: Db, close: () => Promise<void>): Staffing {
  // Hashing needs no session secret; this one signs nothing.
  const origins = { publicUrl: env.publicUrl, trusted: [], acceptReachedAddress: false };
  const auth = createAuth({ db, origins, secret: crypto.randomUUID() + crypto.randomUUID() });
  return {
    async add(input) {
      const checked = validate(newStaffSchema, input);
      if (!checked.ok)
        throw new ApiError(400, 'validation_failed', 'Some fields are missing or invalid.', checked.errors);
      const added = await addStaff(db, auth, checked.value);
      await recordAudit(db, { actor: { kind: 'cli' }, action: 'staff_added', subjectId: added.staff.id });
      return added;
    },
    list: () => listStaff(db),
    async disable(email) {
      const member = await findStaffByEmail(db, email);
      if (!member) throw new ApiError(404, 'not_found', `No staff member has the email ${email}.`);
      return db.transaction(async (tx) => {
        const changed = await updateStaff(tx, member.id, { disabled: true });
        await recordAudit(tx, { actor: { kind: 'cli' }, action: 'staff_changed', subjectId: changed.id });
        return changed;
      });
    },
    close,
  };
}

function overHttp(base: string, key: string): Staffing {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}/api/admin${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const answer = (await response.json()) as T & { error?: { code: string; message: string; issues?: object } };
    if (!response.ok) {
      const error = answer.error;
      throw new ApiError(400, 'validation_failed', error?.message ?? `HTTP ${response.status}`, error?.issues as never);
    }
    return answer;
  };
  return {
    add: (input) => call('POST', '/staff', input),
    list: async () => (await call<{ results: StaffMember[] }>('GET', '/staff')).results,
    async disable(email) {
      const member = (await this.list()).find((m) => m.email === email.trim().toLowerCase());
      if (!member) throw new ApiError(404, 'not_found', `No staff member has the email ${email}.`);
      return call('PATCH', `/staff/${member.id}`, { disabled: true });
    },
    close: () => Promise.resolve(),
  };
}

const open = () =>
  openCliTarget<Staffing>({ env, url: values.url, direct, overHttp, purpose: 'manage staff through it' });

const show = (m: StaffMember) =>
  `${m.email}  ${m.role}${m.role === 'manager' ? ` (sites ${m.sites.join(', ')})` : ''}${m.disabled ? '  disabled' : ''}`;

if (command !== 'add' && command !== 'list' && command !== 'disable') fail(USAGE, 2);
if ((command === 'add' || command === 'disable') && !values.email) fail(USAGE, 2);
if (command === 'add' && !v.is(v.picklist(STAFF_ROLES), values.role)) fail(USAGE, 2);

const staffing = await open();
try {
  if (command === 'add') {
    const added = await staffing.add({
      email: values.email,
      role: values.role,
      ...(values.name ? { name: values.name } : {}),
      ...(values.sites ? { sites: values.sites.split(',').map((site) => site.trim()) } : {}),
      ...(values.password ? { password: values.password } : {}),
    });
    console.log(`Added ${show(added.staff)}`);
    if (added.password) console.log(`One-time password (shown once; change it after signing in): ${added.password}`);
    console.log(`Sign in at ${env.publicUrl}/admin/sign-in`);
  } else if (command === 'list') {
    const staff = await staffing.list();
    console.log(staff.length ? staff.map(show).join('\n') : 'No staff yet.');
  } else {
    console.log(`Disabled ${show(await staffing.disable(values.email!))}`);
  }
} catch (error) {
  if (!(error instanceof ApiError)) throw error;
  console.error(error.message);
  if (error.issues)
    for (const [field, message] of Object.entries(error.issues)) console.error(`  ${field}: ${message}`);
  process.exitCode = 1;
} finally {
  await staffing.close();
}
