import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { VISIT_FIGURES } from '../../domain/figures';
import styles from '../console.module.css';
import { smsLine, whenIn } from '../format';
import { useSiteClock } from '../sites/use-site-clock';
import { memberQuery } from './api';
import { AnswersCard } from './components/answers-card';
import { Facts } from './components/facts';
import { TextsSentCard } from './components/texts-sent-card';
import page from './member-page.module.css';
import {
  emptyHistoryLine,
  inboundKeywordLine,
  inboundReplyLine,
  smsConsentEntryLine,
  smsConsentLine,
} from './sms-consent-words';

/** Evidence a profile from before it was kept (or a device that did not report it) has not. */
const NOT_KEPT = 'Not recorded';

/**
 * `/admin/members/:id`: the profile, vehicle, their number's visits (decision 052), their answers over time and latest
 * score (decision 053), consent evidence (with the texts' consent history), the texts their number sent and the
 * texts we sent it, and the registration of one member.
 */
export function MemberPage() {
  const { id = '' } = useParams();
  const { data, error } = useQuery(memberQuery(id));
  const clock = useSiteClock();
  if (error) return <p className={styles.alert}>There is no such member, or not one of your sites.</p>;
  if (!data) return <p>Loading...</p>;
  const {
    profile,
    vehicle,
    consent,
    consentEvidence: evidence,
    registration,
    smsConsent,
    inboundMessages,
    visits,
  } = data;
  const lastVisit = visits.latest[0];
  // A sign-up without a code belongs to no site: its times are on the server's default clock.
  const siteId = registration.isManual ? null : registration.siteId;
  const when = (iso: string | null) => clock.at(iso, siteId);

  return (
    <>
      <p>
        <Link to="/members">← Members</Link>
      </p>
      <h1>
        {profile.firstName} {profile.lastName}
      </h1>
      <section className={styles.card} aria-labelledby="profile-heading">
        <h2 id="profile-heading">Profile</h2>
        <Facts
          rows={[
            ['Email', profile.email],
            ['Mobile number', profile.mobileNumber],
            [
              'Address',
              [
                profile.address.line1,
                profile.address.line2,
                `${profile.address.city}, ${profile.address.region} ${profile.address.postalCode}`,
              ]
                .filter(Boolean)
                .join(', '),
            ],
            ['Vehicle', `${vehicle.year} ${vehicle.make} ${vehicle.model}, ${vehicle.color}`],
            ['License plate', vehicle.licensePlate ? `${vehicle.licensePlate} (${vehicle.licensePlateState})` : '—'],
          ]}
        />
      </section>
      <section className={styles.card} aria-labelledby="visits-heading">
        <h2 id="visits-heading">Visits</h2>
        <Facts
          rows={[
            [
              VISIT_FIGURES.lastVisit.term,
              lastVisit
                ? `${clock.at(lastVisit.visitedAt, lastVisit.siteId)}, ${clock.nameOf(lastVisit.siteId)}`
                : 'No visit yet',
            ],
            [VISIT_FIGURES.recentVisits.term, String(visits.recentCount)],
          ]}
        />
        <p className={styles.muted}>{VISIT_FIGURES.recentVisits.definition}</p>
        {visits.latest.length > 0 && (
          <ol className={page.history} aria-label="Latest visits, newest first">
            {visits.latest.map((visit) => (
              <li key={visit.id}>
                {clock.at(visit.visitedAt, visit.siteId)}, {clock.nameOf(visit.siteId)}
                {visit.package ? ` · ${visit.package}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
      <AnswersCard answers={data.surveys} latestScore={data.latestScore} clock={clock} signUpSiteId={siteId} />
      <section className={styles.card} aria-labelledby="consent-heading">
        <h2 id="consent-heading">Consent</h2>
        <Facts
          rows={[
            ['Terms agreed', when(consent.terms.at)],
            ['Text messages', smsConsentLine(smsConsent, profile.mobileNumber, consent.smsMessaging.at, when)],
            ['Emails', consent.newsletters.agreed ? `Agreed ${when(consent.newsletters.at)}` : 'Not agreed'],
            ['Wording version shown', consent.version],
            ['Language shown', consent.language === 'es' ? 'Spanish' : 'English'],
            [
              'Their clock',
              evidence.timeZone ? `${whenIn(evidence.givenAt, evidence.timeZone)} (${evidence.timeZone})` : NOT_KEPT,
            ],
            ['Client address', evidence.clientAddress ?? NOT_KEPT],
            ['Browser', evidence.userAgent ?? NOT_KEPT],
            ['Page', evidence.page ?? NOT_KEPT],
          ]}
        />
        <h3 id="sms-history-heading">History of consent to texts</h3>
        {smsConsent.history.length === 0 ? (
          <p className={styles.muted}>{emptyHistoryLine(smsConsent)}</p>
        ) : (
          <ol className={page.history} aria-labelledby="sms-history-heading">
            {smsConsent.history.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>{smsConsentEntryLine(entry, when)}</li>
            ))}
          </ol>
        )}
      </section>
      <section className={styles.card} aria-labelledby="texts-heading">
        <h2 id="texts-heading">Texts received</h2>
        {inboundMessages.length === 0 ? (
          <p className={styles.muted}>Their number has not texted us.</p>
        ) : (
          <ul className={page.texts} aria-label="Texts received, newest first">
            {inboundMessages.map((message) => {
              const keyword = inboundKeywordLine(message);
              const reply = inboundReplyLine(message);
              return (
                <li key={message.id} id={`text-${message.id}`} tabIndex={-1}>
                  <span className={styles.muted}>
                    {when(message.receivedAt)}, from {message.fromNumber}
                    {keyword ? ` · ${keyword}` : ''}
                  </span>
                  <p className={page.textBody}>{message.body}</p>
                  {reply && <p className={styles.muted}>{reply}</p>}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <TextsSentCard texts={data.texts} clock={clock} />
      <section className={styles.card} aria-labelledby="registration-heading">
        <h2 id="registration-heading">Registration</h2>
        <Facts
          rows={[
            ['Plan', `${registration.planName} ($${registration.amount.toFixed(2)})`],
            ['Renews', registration.rechargeDate || '—'],
            ['Site', registration.isManual ? 'None (signed up without a code)' : clock.nameOf(registration.siteId)],
            ['Code issued', when(registration.issuedAt)],
            ['Link opened', when(registration.openedAt)],
            ['Profile completed', when(registration.completedAt)],
            [
              'Link sent by text',
              registration.sms ? smsLine(registration.sms, clock.textSite(registration.siteId)) : 'No',
            ],
          ]}
        />
      </section>
    </>
  );
}
