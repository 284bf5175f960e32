import type { Db } from '../../platform/db/client';
import { ApiError } from '../../platform/http/api-error';
import { eraseMember, type ErasedMember } from '../../features/members/erase-member';
import { exportMember, NO_SUCH_MEMBER_EMAIL, type MemberExport } from '../../features/members/export-member';

/** The two requests about a member's data, whether the database is ours or the server's. */
export interface MemberData {
  export(email: string): Promise<MemberExport>;
  erase(email: string): Promise<ErasedMember>;
  close(): Promise<void>;
}

const notFound = () => new ApiError(404, 'not_found', NO_SUCH_MEMBER_EMAIL);

/** On the database itself, audited as the command line. */
export function directMemberData(db: Db, close: () => Promise<void>): MemberData {
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

/** Through the admin API of the server holding the embedded database, with the key it keeps for this machine. */
export function memberDataOverHttp(base: string, key: string): MemberData {
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
