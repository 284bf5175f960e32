import { useMachine } from '@xstate/react';
import QRCode from 'qrcode';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useOutletContext } from 'react-router-dom';
import { issueCodeActor } from '../../../machines/issue-code/issue-code.actors';
import { issueCodeMachine } from '../../../machines/issue-code/issue-code.machine';
import { toIssueCodeView } from '../../../machines/issue-code/issue-code.view';
import type { IssueCodeField } from '../../domain/issue-code-form';
import { siteName, type Site } from '../../domain/sites';
import type { StaffMember } from '../../domain/staff';
import buttons from '../../components/buttons/buttons.module.css';
import { CheckboxField } from '../../components/fields/checkbox-field';
import { FieldError } from '../../components/fields/field-error';
import { errorId, fieldId } from '../../components/fields/field-ids';
import fields from '../../components/fields/fields.module.css';
import { TextField } from '../../components/fields/text-field';
import { PhoneInput, type PhoneInputHandle } from '../../components/phone-input/phone-input';
import { runtimeConfig } from '../../lib/read-runtime-config';
import { ErrorSummary } from '../components/server-form/error-summary';
import { focusFirstBadField } from '../components/server-form/issues-to-fields';
import styles from '../console.module.css';
import { integrationSettingsQuery } from '../settings';
import { sitesQuery } from '../sites/api';
import { SiteSelect } from '../sites/components/site-select';
import { issueCodeRequest, ISSUED_CODES_KEY } from './api';
import { IssuedCodes } from './components/issued-codes';
import issued from './components/issued-codes.module.css';
import { phoneText } from '../members/phone-text';
import { TextStatus } from './components/text-status';

const today = () => new Date().toISOString().slice(0, 10);

/** The form's fields in the order they are shown, with the labels the error summary names them by. */
const LABELS: Record<IssueCodeField, string> = {
  mobileNumber: 'Mobile number',
  planName: 'Plan name',
  amount: 'Amount ($)',
  rechargeDate: 'Renewal date',
  siteId: 'Site',
};
const FIELDS = Object.keys(LABELS) as IssueCodeField[];

const issueMachine = issueCodeMachine.provide({ actors: { issueCode: issueCodeActor(issueCodeRequest) } });

/**
 * `/admin/issue`: a code for the customer at the counter, its link as a QR code to scan, copy or print. The form
 * opens once the sites are known: it offers the active ones by name, the first chosen to start with.
 */
export function IssuePage() {
  const staff = useOutletContext<StaffMember>();
  const sites = useQuery(sitesQuery);
  // A failed refetch keeps the list it had: the form, and what is typed in it, stay.
  if (!sites.data) {
    return sites.isError ? (
      <p className={styles.alert}>The sites could not be loaded: reload the page to try again.</p>
    ) : (
      <p>Loading...</p>
    );
  }
  const active = sites.data.results.filter((site) => site.active);
  if (active.length === 0) {
    return (
      <>
        <h1>Issue a code</h1>
        <p className={styles.card}>
          {staff.role === 'owner' ? (
            <>
              There is no active site to issue a code for: <Link to="/sites">add one on the Sites page</Link>.
            </>
          ) : (
            'None of your sites is active: ask an owner.'
          )}
        </p>
      </>
    );
  }
  return (
    <>
      <IssueCodeFlow sites={active} />
      <IssuedCodes manySites={sites.data.results.length > 1} />
    </>
  );
}

function IssueCodeFlow({ sites }: { sites: readonly Site[] }) {
  const settings = useQuery(integrationSettingsQuery);
  const [snapshot, send, actor] = useMachine(issueMachine, {
    input: { sites: sites.map((site) => site.id), today: today() },
  });
  const phoneInput = useRef<PhoneInputHandle>(null);
  const view = toIssueCodeView(snapshot);
  // Both belong to one issued link: a new code shows neither until its own is ready.
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  const [copiedUrl, setCopiedUrl] = useState<string | null>(null);
  const copied = copiedUrl !== null && copiedUrl === view.issuedUrl;

  const queryClient = useQueryClient();
  useEffect(() => {
    const url = view.issuedUrl;
    if (!url) return;
    // The new code heads the list below at once, without waiting for the list's next refresh.
    void queryClient.invalidateQueries({ queryKey: ISSUED_CODES_KEY });
    void QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 4, scale: 8 }).then((image) =>
      setQr({ url, image }),
    );
    document.getElementById('issued-heading')?.focus();
  }, [view.issuedUrl, queryClient]);

  if (view.issuedUrl) {
    return (
      <section className={styles.card} aria-labelledby="issued-heading">
        <h1 id="issued-heading" tabIndex={-1}>
          Code issued
        </h1>
        {view.issuedFor && (
          <p className={issued.sale} data-testid="issued-for">
            <span className={issued.number}>
              {phoneText(view.issuedFor.mobileNumber, runtimeConfig.defaultPhoneCountry)}
            </span>
            <span>{view.issuedFor.planName}</span>
          </p>
        )}
        <p>For {siteName(sites, view.form.siteId)}. Show the customer this code to scan, or text them the link.</p>
        {qr?.url === view.issuedUrl && (
          <img
            className={styles.qr}
            src={qr.image}
            alt={`QR code of the link ${view.issuedUrl}`}
            data-testid="issued-qr"
          />
        )}
        <p className={styles.link} data-testid="issued-link">
          {view.issuedUrl}
        </p>
        {view.isTexted && view.issuedRegistrationId && <TextStatus registrationId={view.issuedRegistrationId} />}
        <div className={`${styles.actions} ${styles.noPrint}`}>
          <button
            type="button"
            className={buttons.secondary}
            onClick={() => {
              const url = view.issuedUrl!;
              void navigator.clipboard.writeText(url).then(() => setCopiedUrl(url));
            }}
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
          <button type="button" className={buttons.secondary} onClick={() => window.print()}>
            Print
          </button>
          <button type="button" className={buttons.primary} onClick={() => send({ type: 'user.issueAnother' })}>
            Issue another code
          </button>
        </div>
        <p role="status" className={styles.muted}>
          {copied ? 'The link is on the clipboard.' : ''}
        </p>
      </section>
    );
  }

  const set = (field: 'planName' | 'amount' | 'rechargeDate' | 'siteId') => (value: string) =>
    send({ type: 'field.changed', field, value });

  const submit = async () => {
    // The number as it stands now, even within the phone input's pause after the last keystroke: a tap at the counter
    // right after typing is checked against what is on screen, not the number before it (decision 037).
    await phoneInput.current?.reportDue();
    send({ type: 'user.submit' });
    // A keyboard user lands on the first field to fix, in the form's order (the form kit's rule).
    focusFirstBadField(FIELDS, toIssueCodeView(actor.getSnapshot()).errors);
  };

  return (
    <>
      <h1>Issue a code</h1>
      <div role="alert">
        {view.alert && (
          <div className={styles.alert}>
            <p>{view.alert.message}</p>
            {view.alert.hint && <p>{view.alert.hint}</p>}
            {view.alert.canRetry && (
              <div className={styles.actions}>
                <button type="button" className={buttons.secondary} onClick={() => send({ type: 'user.retry' })}>
                  Try again
                </button>
              </div>
            )}
          </div>
        )}
      </div>
      <form
        className={styles.card}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ErrorSummary fields={FIELDS} errors={view.errors} labels={LABELS} />
        <div className={fields.field}>
          <PhoneInput
            ref={phoneInput}
            id={fieldId('mobileNumber')}
            label={LABELS.mobileNumber}
            defaultCountry={runtimeConfig.defaultPhoneCountry}
            invalid={Boolean(view.errors.mobileNumber)}
            describedBy={view.errors.mobileNumber ? errorId('mobileNumber') : undefined}
            onResult={(result) => send({ type: 'phone.changed', e164: result.e164 ?? '', isValid: result.isValid })}
          />
          <FieldError name="mobileNumber" message={view.errors.mobileNumber} />
        </div>
        <TextField
          name="planName"
          label={LABELS.planName}
          required
          value={view.form.planName}
          error={view.errors.planName}
          onValueChange={set('planName')}
        />
        <TextField
          name="amount"
          label={LABELS.amount}
          required
          inputMode="decimal"
          value={view.form.amount}
          error={view.errors.amount}
          onValueChange={set('amount')}
        />
        <TextField
          name="rechargeDate"
          label={LABELS.rechargeDate}
          required
          type="date"
          value={view.form.rechargeDate}
          error={view.errors.rechargeDate}
          onValueChange={set('rechargeDate')}
        />
        <SiteSelect
          name="siteId"
          purpose="new"
          required
          value={view.form.siteId}
          error={view.errors.siteId}
          onValueChange={set('siteId')}
        />
        {settings.data?.smsEnabled && (
          <CheckboxField
            name="textTheLink"
            label="Text the link to this number"
            checked={view.textLink}
            onCheckedChange={(checked) => send({ type: 'textLink.changed', checked })}
          />
        )}
        <button type="submit" className={buttons.primary} disabled={view.isIssuing} aria-busy={view.isIssuing}>
          {view.isIssuing ? 'Issuing…' : 'Issue code'}
        </button>
      </form>
    </>
  );
}
