import { newStaffSchema, type StaffMember } from '../../../src/domain/staff';
import { validate } from '../../../src/domain/validation';
import { recordAudit } from '../../features/audit/record-audit';
import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/api-error';
import { addStaff } from '../../features/staff/add-staff';
import { createAuth } from '../../features/staff/auth';
import { findStaffByEmail, listStaff } from '../../features/staff/list-staff';
import { updateStaff } from '../../features/staff/update-staff';

/** What a staff operation needs, whether the database is ours or the server's. */
export interface Staffing {
  add(input: unknown): Promise<{ staff: StaffMember; password?: string }>;
  list(): Promise<StaffMember[]>;
  disable(email: string): Promise<StaffMember>;
  close(): Promise<void>;
}

/** On the database itself, audited as the command line. */
export function directStaffing(db: Db, close: () => Promise<void>, publicUrl: string): Staffing {
  // Hashing needs no session secret; this one signs nothing.
  const origins = { publicUrl, trusted: [], acceptReachedAddress: false };
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
        const changed = await updateStaff(tx, member.id, { disabled: true }, { kind: 'cli' });
        await recordAudit(tx, { actor: { kind: 'cli' }, action: 'staff_changed', subjectId: changed.id });
        return changed;
      });
    },
    close,
  };
}

/** Through the admin API of the server holding the embedded database, with the key it keeps for this machine. */
export function staffingOverHttp(base: string, key: string): Staffing {
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
