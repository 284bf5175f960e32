import type { SentText } from '../../../domain/invitations';
import styles from '../../console.module.css';
import type { SiteClock } from '../../sites/use-site-clock';
import page from '../member-page.module.css';
import { TEXT_KIND_WORDS, textStatusLine } from '../sent-text-words';

/**
 * Every text we sent the member or will send them, newest first (decision 053): the code's link and its reminder,
 * each survey invitation after a visit and its reminder, each with what became of it, on its site's clock.
 */
export function TextsSentCard({ texts, clock }: { texts: readonly SentText[]; clock: SiteClock }) {
  return (
    <section className={styles.card} aria-labelledby="texts-sent-heading">
      <h2 id="texts-sent-heading">Texts sent</h2>
      {texts.length === 0 ? (
        <p className={styles.muted}>We have sent them no text: their code was not texted, and no survey was.</p>
      ) : (
        <ul className={page.texts} aria-label="Texts sent, newest first">
          {texts.map((text) => {
            const at = (iso: string) => clock.at(iso, text.siteId);
            return (
              <li key={text.id}>
                <strong>{TEXT_KIND_WORDS[text.kind]}</strong>
                <span className={styles.muted}> · {clock.nameOf(text.siteId)}</span>
                <p className={page.textBody}>{textStatusLine(text, at)}</p>
                <p className={`${page.textBody} ${styles.muted}`}>Queued {at(text.createdAt)}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
