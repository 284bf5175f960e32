import { eq, inArray } from 'drizzle-orm';
import type { AuditAction, AuditEvent, AuditTarget } from '../../../src/domain/audit';
import { siteName } from '../../../src/domain/sites';
import type { Db } from '../../platform/db/client';
import type { auditEvents } from '../../platform/db/schema';
import {
  apiKeys,
  customers,
  followUpCases,
  registrations,
  sites,
  staff,
  webhookDeliveries,
  webhookEndpoints,
} from '../../platform/db/schema';
import { ERASED_SUBJECT } from '../members/redact-audit-subjects';

type AuditRow = typeof auditEvents.$inferSelect;

/** What kind of record each action's subject id names (`none`: the actor acted on their own account). */
type SubjectKind =
  | 'none'
  | 'staff'
  | 'registration'
  | 'member'
  | 'summary'
  | 'export'
  | 'webhook'
  | 'delivery'
  | 'key'
  | 'site'
  | 'case';

const SUBJECT_OF: Record<AuditAction, SubjectKind> = {
  sign_in: 'none',
  sign_in_failed: 'none',
  sign_out: 'none',
  password_changed: 'none',
  password_reset: 'staff',
  staff_added: 'staff',
  staff_changed: 'staff',
  code_issued: 'registration',
  code_shown: 'registration',
  code_texted: 'registration',
  member_prefilled: 'member',
  member_viewed: 'member',
  // Its subject is the erasure's counts ("customers 1, registrations 2…"): the ids are gone with the member.
  member_erased: 'summary',
  // A list's name (`members`, `feedback`, `audit`), or a member-data export's customer ids, space-separated.
  export: 'export',
  webhook_endpoint_added: 'webhook',
  webhook_endpoint_changed: 'webhook',
  webhook_endpoint_deleted: 'webhook',
  webhook_test_sent: 'delivery',
  webhook_resent: 'delivery',
  api_key_created: 'key',
  api_key_revoked: 'key',
  site_added: 'site',
  site_changed: 'site',
  follow_up_viewed: 'case',
  follow_up_assigned: 'case',
  follow_up_contacted: 'case',
  follow_up_noted: 'case',
  follow_up_resolved: 'case',
  // Its subject says why and what went: "asked: registrations 1, customers 1…" (decision 049).
  demo_data_removed: 'summary',
};

/** A list export names its list: lower-case words, never an id. */
const LIST_NAME = /^[a-z][a-z-]*$/;

const subjectKind = (row: AuditRow): SubjectKind => SUBJECT_OF[row.action as AuditAction] ?? 'none';

/** The ids a row's subject names: one, or a member-data export's several. */
function subjectIds(row: AuditRow): string[] {
  if (!row.subjectId) return [];
  const kind = subjectKind(row);
  if (kind === 'none' || kind === 'summary') return [];
  if (kind === 'export') return LIST_NAME.test(row.subjectId) ? [] : row.subjectId.split(' ');
  return [row.subjectId];
}

const ERASED: AuditTarget = { kind: 'erased', id: null, name: 'erased member' };
const gone = (what: string): AuditTarget => ({ kind: 'gone', id: null, name: `${what} no longer kept` });
/** The environment's ADMIN_API_KEY acts as the key `environment`; it is no row of the key table. */
const ENVIRONMENT_KEY = 'environment';

const uniq = (ids: Iterable<string>) => [...new Set(ids)];

/** `select … where id in (ids)`, skipped when there is none to look up. */
async function lookUp<T>(ids: string[], read: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  return ids.length === 0 ? [] : read(ids);
}

/**
 * The rows of a page with their names read on the server, a handful of `in (…)` queries per page whatever its
 * length: who acted (a staff member's name, or email while unnamed; a key's name; "command line"), what the
 * action was about, and the site whose clock its time is read on. The log keeps ids only (server/features/audit/
 * record-audit.ts); names are read now, so a renamed site or staff member reads as they are called today.
 */
export async function namedEvents(db: Db, rows: readonly AuditRow[]): Promise<AuditEvent[]> {
  const idsOf = (kinds: SubjectKind[]) =>
    uniq(rows.filter((row) => kinds.includes(subjectKind(row))).flatMap((row) => subjectIds(row))).filter(
      (id) => id !== ERASED_SUBJECT,
    );
  const actorIds = (kind: string) =>
    uniq(rows.flatMap((row) => (row.actorKind === kind && row.actorId ? [row.actorId] : [])));

  const [deliveries, regs, members, cases] = await Promise.all([
    lookUp(idsOf(['delivery']), (ids) =>
      db
        .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.id, ids)),
    ),
    lookUp(idsOf(['registration']), (ids) =>
      db
        .select({
          id: registrations.id,
          siteId: registrations.siteId,
          customerId: customers.id,
          first: customers.firstName,
          last: customers.lastName,
        })
        .from(registrations)
        .leftJoin(customers, eq(customers.registrationId, registrations.id))
        .where(inArray(registrations.id, ids)),
    ),
    lookUp(idsOf(['member', 'export']), (ids) =>
      db
        .select({
          id: customers.id,
          first: customers.firstName,
          last: customers.lastName,
          siteId: registrations.siteId,
        })
        .from(customers)
        .innerJoin(registrations, eq(registrations.id, customers.registrationId))
        .where(inArray(customers.id, ids)),
    ),
    lookUp(idsOf(['case']), (ids) =>
      db
        .select({
          id: followUpCases.id,
          siteId: followUpCases.siteId,
          first: customers.firstName,
          last: customers.lastName,
        })
        .from(followUpCases)
        .innerJoin(customers, eq(customers.id, followUpCases.customerId))
        .where(inArray(followUpCases.id, ids)),
    ),
  ]);

  const siteIds = uniq([
    ...idsOf(['site']),
    ...regs.map((r) => r.siteId),
    ...members.map((m) => m.siteId),
    ...cases.map((c) => c.siteId),
  ]);
  const [people, keys, endpoints, siteRows] = await Promise.all([
    lookUp(uniq([...actorIds('staff'), ...idsOf(['staff'])]), (ids) =>
      db.select({ id: staff.id, name: staff.name, email: staff.email }).from(staff).where(inArray(staff.id, ids)),
    ),
    lookUp(uniq([...actorIds('key'), ...idsOf(['key'])]), (ids) =>
      db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(inArray(apiKeys.id, ids)),
    ),
    lookUp(uniq([...idsOf(['webhook']), ...deliveries.map((d) => d.endpointId)]), (ids) =>
      db
        .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, description: webhookEndpoints.description })
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, ids)),
    ),
    lookUp(siteIds, (ids) => db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, ids))),
  ]);

  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((item) => [item.id, item]));
  const staffById = byId(people);
  const keyById = byId(keys);
  const endpointById = byId(endpoints);
  const deliveryById = byId(deliveries);
  const regById = byId(regs);
  const memberById = byId(members);
  const caseById = byId(cases);
  const nameOfSite = (id: string) => siteName(siteRows, id);

  const staffName = (id: string) => {
    const person = staffById.get(id);
    return person ? person.name || person.email : undefined;
  };
  const keyName = (id: string) =>
    id === ENVIRONMENT_KEY ? 'ADMIN_API_KEY (environment)' : (keyById.get(id)?.name ?? undefined);
  const endpointTarget = (id: string): AuditTarget => {
    const endpoint = endpointById.get(id);
    return endpoint ? { kind: 'webhook', id, name: endpoint.description || endpoint.url } : gone('webhook endpoint');
  };
  const memberTarget = (id: string): AuditTarget => {
    const member = memberById.get(id);
    return member ? { kind: 'member', id, name: `${member.first} ${member.last}` } : ERASED;
  };

  /** What the row was about, and the site it happened at when it is one's. */
  function about(row: AuditRow): { targets: AuditTarget[]; siteId: string | null } {
    const subject = row.subjectId;
    const kind = subjectKind(row);
    if (!subject || kind === 'none') return { targets: [], siteId: null };
    if (subject === ERASED_SUBJECT) return { targets: [ERASED], siteId: null };
    switch (kind) {
      case 'summary':
        return { targets: [{ kind: 'summary', id: null, name: subject }], siteId: null };
      case 'export':
        if (LIST_NAME.test(subject))
          return { targets: [{ kind: 'list', id: null, name: `${subject} list` }], siteId: null };
        return {
          targets: subjectIds(row).map((id) => (id === ERASED_SUBJECT ? ERASED : memberTarget(id))),
          siteId: null,
        };
      case 'staff': {
        const name = staffName(subject);
        return { targets: [name ? { kind: 'staff', id: subject, name } : gone('staff member')], siteId: null };
      }
      case 'key': {
        const name = keyName(subject);
        return { targets: [name ? { kind: 'key', id: subject, name } : gone('API key')], siteId: null };
      }
      case 'site':
        return { targets: [{ kind: 'site', id: subject, name: nameOfSite(subject) }], siteId: subject };
      case 'webhook':
        return { targets: [endpointTarget(subject)], siteId: null };
      case 'delivery': {
        const delivery = deliveryById.get(subject);
        return { targets: [delivery ? endpointTarget(delivery.endpointId) : gone('webhook delivery')], siteId: null };
      }
      case 'registration': {
        const reg = regById.get(subject);
        if (!reg) return { targets: [gone('code')], siteId: null };
        const target: AuditTarget = reg.customerId
          ? { kind: 'member', id: reg.customerId, name: `${reg.first} ${reg.last}` }
          : { kind: 'code', id: null, name: `a code at ${nameOfSite(reg.siteId)}` };
        return { targets: [target], siteId: reg.siteId };
      }
      case 'member': {
        const member = memberById.get(subject);
        return { targets: [memberTarget(subject)], siteId: member?.siteId ?? null };
      }
      case 'case': {
        const found = caseById.get(subject);
        if (!found) return { targets: [gone('follow-up case')], siteId: null };
        return {
          targets: [{ kind: 'case', id: subject, name: `case of ${found.first} ${found.last}` }],
          siteId: found.siteId,
        };
      }
    }
  }

  return rows.map((row) => {
    const actorKind = row.actorKind === 'staff' || row.actorKind === 'key' ? row.actorKind : 'cli';
    const actorName =
      actorKind === 'cli'
        ? 'command line'
        : ((actorKind === 'staff' ? staffName(row.actorId ?? '') : keyName(row.actorId ?? '')) ??
          (actorKind === 'staff' ? 'former staff member' : 'removed API key'));
    return {
      id: row.id,
      at: row.at.toISOString(),
      actor: { kind: actorKind, id: row.actorId, name: actorName },
      action: row.action as AuditAction,
      ...about(row),
      client: row.client,
    };
  });
}
