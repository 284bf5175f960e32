import { t } from '@lingui/core/macro';
import type { ReviewInvitation } from '../../domain/survey';
import { BlockingDialog } from '../../components/dialogs/lazy-blocking-dialog';
import { runtimeConfig } from '../../lib/read-runtime-config';
import styles from './survey-page.module.css';

/**
 * docs/spec.md §2: "Thank you!", no footer, not dismissible; the logo links to the operator's site. When the
 * customer's site has a review page, every respondent is invited to it, whatever they answered (decision 025).
 */
export function SurveyThankYouDialog({
  review,
  onReviewOpened,
}: {
  review: ReviewInvitation | null;
  onReviewOpened: (review: ReviewInvitation) => void;
}) {
  const { logoUrl, operatorName, links } = runtimeConfig;
  return (
    <BlockingDialog
      title={t`Thank you!`}
      description={t`We appreciate your feedback and look forward to seeing you soon.`}
    >
      {review && (
        <div className={styles.review}>
          <p>{t`Would you tell others about your visit?`}</p>
          {/* Straight to the review page, never through us: the click is counted on the way out. */}
          <a
            className={styles.reviewLink}
            href={review.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onReviewOpened(review)}
          >
            {t`Leave a review`}
          </a>
        </div>
      )}
      <a href={links.operatorHome} target="_blank" rel="noopener noreferrer">
        <img className={styles.logo} src={logoUrl} alt={t`${operatorName} home page`} width={175} height={175} />
      </a>
    </BlockingDialog>
  );
}
