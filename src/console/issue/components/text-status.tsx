import { useQuery } from '@tanstack/react-query';
import { smsLine } from '../../format';
import { useSiteClock } from '../../sites/use-site-clock';
import { registrationProgressQuery } from '../api';

/** The text message's progress, followed until it is sent or has failed. */
export function TextStatus({ registrationId }: { registrationId: string }) {
  const progress = useQuery(registrationProgressQuery(registrationId));
  const sms = progress.data?.sms;
  const clock = useSiteClock();
  // The line names the site's sending window and clock: it waits for both rather than guess another zone.
  if (!progress.data || !clock.ready) return <p role="status" aria-live="polite" data-testid="text-status" />;
  return (
    <p role="status" aria-live="polite" data-testid="text-status">
      {smsLine(
        sms ?? { status: 'queued', errorCode: null, attempts: 0, sentAt: null },
        clock.textSite(progress.data.siteId),
      )}
    </p>
  );
}
