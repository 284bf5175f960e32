import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useOutletContext, useParams } from 'react-router-dom';
import {
  addNoteActor,
  assignCaseActor,
  contactCaseActor,
  resolveCaseActor,
} from '../../../machines/follow-up-case/follow-up-case.actors';
import { followUpCaseMachine } from '../../../machines/follow-up-case/follow-up-case.machine';
import type { FollowUpAction, FollowUpCaseField } from '../../../machines/follow-up-case/follow-up-case.types';
import { toFollowUpCaseView } from '../../../machines/follow-up-case/follow-up-case.view';
import { ROOT_CAUSE_LABELS, ROOT_CAUSES, type FollowUpDetail, type TimelineKind } from '../../domain/follow-ups';
import { siteName } from '../../domain/sites';
import { staffName, type StaffMember } from '../../domain/staff';
import { SURVEY_QUESTION_TEXTS, SURVEY_QUESTIONS } from '../../domain/survey';
import buttons from '../../components/buttons/buttons.module.css';
import { SelectField } from '../../components/fields/select-field';
import { ErrorSummary } from '../components/server-form/error-summary';
import { focusFirstBadField } from '../components/server-form/issues-to-fields';
import styles from '../console.module.css';
import { Facts } from '../members/components/facts';
import { sitesQuery } from '../sites/api';
import { staffListQuery } from '../staff/api';
import { assignRequest, contactRequest, followUpQuery, followUpsKey, noteRequest, resolveRequest } from './api';
import { TextAreaField } from '../../components/fields/text-area-field';
import pageStyles from './follow-ups.module.css';
import { STATUS_LABELS } from './status-text';
import caseStyles from './components/case-page.module.css';
import { ContactActions } from './components/contact-actions';
import { MemberWords } from './components/member-words';
import { useSiteClock } from '../sites/use-site-clock';

/** The order fields appear on the page: focus goes to the first with a message. */
const FIELD_ORDER: readonly FollowUpCaseField[] = [
  'assigneeId',
  'contactNote',
  'noteText',
  'rootCause',
  'resolutionNote',
];

/** Each field's label, as the form shows it and the error summary names it. */
const FIELD_LABELS: Record<FollowUpCaseField, string> = {
  assigneeId: 'Assign to',
  contactNote: 'How you reached them (optional)',
  noteText: 'Note',
  rootCause: 'Root cause',
  resolutionNote: 'What was done',
};

const DONE_TEXT: Record<FollowUpAction, string> = {
  assign: 'Assignment saved.',
  contact: 'Marked contacted.',
  note: 'Note added.',
  resolve: 'Case resolved.',
};

const TIMELINE_LABELS: Record<TimelineKind, string> = {
  opened: 'Opened',
  assigned: 'Assigned',
  contacted: 'Contacted',
  note: 'Note',
  resolved: 'Resolved',
  escalated: 'Escalated',
  text_received: 'Text received',
};

/**
 * `/admin/follow-ups/:id`: one case, phone first: the member's words, scores and Call / Text / Email, the actions,
 * then the timeline, then the facts.
 */
export function FollowUpPage() {
  const { id = '' } = useParams();
  const { data, error } = useQuery(followUpQuery(id));
  if (error) {
    return (
      <>
        <h1>Not found</h1>
        <p className={styles.card}>
          There is no such follow-up case, or not one of your sites. <Link to="/follow-ups">Back to follow-ups</Link>
        </p>
      </>
    );
  }
  if (!data) return <p>Loading...</p>;
  return <FollowUpCase detail={data} />;
}

function FollowUpCase({ detail }: { detail: FollowUpDetail }) {
  const staff = useOutletContext<StaffMember>();
  const queryClient = useQueryClient();
  const sites = useQuery(sitesQuery).data?.results;
  const clock = useSiteClock();
  const team = useQuery({ ...staffListQuery, enabled: staff.role === 'owner' }).data?.results ?? [];
  const machine = useMemo(
    () =>
      followUpCaseMachine.provide({
        actors: {
          assignCase: assignCaseActor(assignRequest),
          contactCase: contactCaseActor(contactRequest),
          addNote: addNoteActor(noteRequest),
          resolveCase: resolveCaseActor(resolveRequest),
        },
        actions: {
          caseUpdated: (_, updated) => {
            queryClient.setQueryData(followUpQuery(updated.id).queryKey, updated);
            // The inbox and the navigation's count change with the case.
            void queryClient.invalidateQueries({ queryKey: followUpsKey, refetchType: 'none' });
            void queryClient.invalidateQueries({ queryKey: [...followUpsKey, 'count'] });
          },
          reloadCase: () => void queryClient.invalidateQueries({ queryKey: followUpQuery(detail.id).queryKey }),
        },
      }),
    [queryClient, detail.id],
  );
  const [snapshot, send] = useMachine(machine, { input: { caseId: detail.id } });
  const view = toFollowUpCaseView(snapshot);
  const busy = view.pending !== null;

  // A refusal, the page's or the server's, moves focus to the first field it named.
  const lastErrors = useRef(view.errors);
  useEffect(() => {
    const grew = Object.keys(view.errors).some((field) => !(field in lastErrors.current));
    lastErrors.current = view.errors;
    if (grew) focusFirstBadField(FIELD_ORDER, view.errors);
  }, [view.errors]);

  const set = (field: FollowUpCaseField) => (value: string) => send({ type: 'field.changed', field, value });
  const closed = detail.status === 'resolved';
  // Only owners have the "Assign to" field: a refusal of a manager's "Assign to me" is said above the actions.
  const alert = view.alert ?? (staff.role === 'owner' ? null : (view.errors.assigneeId ?? null));
  const assignable = team.filter((member) => member.role === 'owner' || member.sites.includes(detail.siteId));
  const { member, survey } = detail;
  const address = [
    member.address.line1,
    member.address.line2,
    `${member.address.city}, ${member.address.region} ${member.address.postalCode}`,
  ]
    .filter(Boolean)
    .join(', ');

  // Every time of the case on its site's clock, DEFAULT_TIMEZONE for a sign-up of no site (decision 046).
  const at = (iso: string | null) => clock.at(iso, detail.siteId);
  const statusLine =
    detail.status === 'open'
      ? detail.overdue
        ? `Open, overdue since ${at(detail.dueAt)}`
        : `Open, due ${at(detail.dueAt)}`
      : detail.status === 'contacted'
        ? `Contacted ${at(detail.contactedAt)}`
        : `Resolved ${at(detail.resolvedAt)}`;

  return (
    <>
      <p>
        <Link to="/follow-ups">← Follow-ups</Link>
      </p>
      <h1>{member.name}</h1>
      <p className={caseStyles.status}>
        {statusLine}
        {' · '}
        {detail.assignee ? `with ${staffName(detail.assignee)}` : 'nobody has it yet'}
      </p>
      <MemberWords detail={detail} at={at} />
      {survey && (
        <ul className={caseStyles.scores} aria-label="Survey scores">
          {SURVEY_QUESTIONS.map((q) => (
            <li key={q}>
              {SURVEY_QUESTION_TEXTS[q]}: <strong>{survey.scores[q] === 0 ? '—' : `${survey.scores[q]}/10`}</strong>
            </li>
          ))}
        </ul>
      )}
      <ContactActions name={member.name} mobileNumber={member.mobileNumber} email={member.email} />
      <section className={styles.card} aria-labelledby="actions-heading">
        <h2 id="actions-heading">Actions</h2>
        <ErrorSummary fields={FIELD_ORDER} errors={view.errors} labels={FIELD_LABELS} />
        <div role="alert">{alert && <p className={styles.alert}>{alert}</p>}</div>
        <p role="status" className={styles.muted}>
          {view.done ? DONE_TEXT[view.done.action] : ''}
        </p>
        {!closed && (
          <>
            <div className={styles.actions}>
              {detail.assignee?.id !== staff.id && (
                <button
                  type="button"
                  className={buttons.secondary}
                  disabled={busy}
                  onClick={() => send({ type: 'user.assign', assigneeId: staff.id })}
                >
                  {view.pending === 'assign' ? 'Assigning...' : 'Assign to me'}
                </button>
              )}
            </div>
            {staff.role === 'owner' && (
              <form
                className={pageStyles.actionForm}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  send({ type: 'user.assign', assigneeId: view.form.assigneeId || null });
                }}
              >
                <SelectField
                  name="assigneeId"
                  label={FIELD_LABELS.assigneeId}
                  value={view.form.assigneeId}
                  placeholder="Nobody"
                  options={assignable.map((person) => ({ value: person.id, label: staffName(person) }))}
                  error={view.errors.assigneeId}
                  onValueChange={set('assigneeId')}
                />
                <button type="submit" className={buttons.secondary} disabled={busy}>
                  Save assignment
                </button>
              </form>
            )}
            {detail.status === 'open' && (
              <form
                className={pageStyles.actionForm}
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  send({ type: 'user.contact' });
                }}
              >
                <TextAreaField
                  name="contactNote"
                  label={FIELD_LABELS.contactNote}
                  value={view.form.contactNote}
                  error={view.errors.contactNote}
                  onValueChange={set('contactNote')}
                />
                <button type="submit" className={buttons.secondary} disabled={busy}>
                  {view.pending === 'contact' ? 'Saving...' : 'Mark contacted'}
                </button>
              </form>
            )}
          </>
        )}
        <form
          className={pageStyles.actionForm}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'user.addNote' });
          }}
        >
          <TextAreaField
            name="noteText"
            label={FIELD_LABELS.noteText}
            required
            value={view.form.noteText}
            error={view.errors.noteText}
            onValueChange={set('noteText')}
          />
          <button type="submit" className={buttons.secondary} disabled={busy}>
            {view.pending === 'note' ? 'Adding...' : 'Add a note'}
          </button>
        </form>
        {!closed && (
          <form
            className={pageStyles.actionForm}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              send({ type: 'user.resolve' });
            }}
          >
            <h3>Resolve</h3>
            <SelectField
              name="rootCause"
              label={FIELD_LABELS.rootCause}
              required
              value={view.form.rootCause}
              placeholder="Choose a root cause"
              options={ROOT_CAUSES.map((cause) => ({ value: cause, label: ROOT_CAUSE_LABELS[cause] }))}
              error={view.errors.rootCause}
              onValueChange={set('rootCause')}
            />
            <TextAreaField
              name="resolutionNote"
              label={FIELD_LABELS.resolutionNote}
              required
              value={view.form.resolutionNote}
              error={view.errors.resolutionNote}
              onValueChange={set('resolutionNote')}
            />
            <button type="submit" className={buttons.primary} disabled={busy}>
              {view.pending === 'resolve' ? 'Resolving...' : 'Resolve'}
            </button>
          </form>
        )}
      </section>
      <section className={styles.card} aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        <ol className={pageStyles.timeline}>
          {detail.timeline.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <strong>{TIMELINE_LABELS[entry.kind]}</strong> · {at(entry.at)} · {entry.actorName ?? 'Club Profile'}
              {entry.text && <p className={pageStyles.entryText}>{entry.text}</p>}
              {entry.message && (
                <p className={pageStyles.entryText}>
                  <Link to={`/members/${detail.memberId}#text-${entry.message.id}`}>
                    The text, among {member.name}&apos;s received texts
                  </Link>
                </p>
              )}
            </li>
          ))}
        </ol>
      </section>
      <section className={styles.card} aria-labelledby="case-heading">
        <h2 id="case-heading">The case</h2>
        <Facts
          rows={[
            ['Status', STATUS_LABELS[detail.status]],
            ['Site', siteName(sites, detail.siteId)],
            ['Opened', at(detail.openedAt)],
            [
              'Due',
              detail.status === 'open'
                ? `${detail.overdue ? 'Overdue since ' : ''}${at(detail.dueAt)}`
                : `${at(detail.dueAt)} (contacted)`,
            ],
            ['Assigned to', detail.assignee ? staffName(detail.assignee) : 'Nobody'],
            ...(detail.rootCause
              ? ([
                  ['Root cause', ROOT_CAUSE_LABELS[detail.rootCause]],
                  ['Resolution', detail.resolutionNote ?? ''],
                ] as [string, string][])
              : []),
            ['Address', address],
          ]}
        />
        <p>
          <Link to={`/members/${detail.memberId}`}>The member&apos;s profile</Link>
        </p>
      </section>
    </>
  );
}
