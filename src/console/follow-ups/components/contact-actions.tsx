import { runtimeConfig } from '../../../lib/read-runtime-config';
import { phoneText } from '../../members/phone-text';
import caseStyles from './case-page.module.css';

/**
 * Call, Text and Email the member from the phone in hand: `tel:` and `sms:` dial the number as stored (E.164); the
 * button shows it as the member's country writes it. Each is a 44 px target.
 */
export function ContactActions({ name, mobileNumber, email }: { name: string; mobileNumber: string; email: string }) {
  const shown = phoneText(mobileNumber, runtimeConfig.defaultPhoneCountry);
  return (
    <section aria-labelledby="reach-heading">
      <h2 id="reach-heading" className={caseStyles.visuallyHidden}>
        Reach {name}
      </h2>
      <ul className={caseStyles.contact}>
        <li>
          <a href={`tel:${mobileNumber}`}>
            <span className={caseStyles.verb}>Call</span> {shown}
          </a>
        </li>
        <li>
          <a href={`sms:${mobileNumber}`}>
            <span className={caseStyles.verb}>Text</span> {shown}
          </a>
        </li>
        {email && (
          <li>
            <a href={`mailto:${email}`}>
              <span className={caseStyles.verb}>Email</span> <span className={caseStyles.email}>{email}</span>
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}
