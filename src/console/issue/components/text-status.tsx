import { useQuery } from '@tanstack/react-query';
import { smsLine } from '../../format';
import { registrationProgressQuery } from '../api';

/** The text message's progress, followed until it is sent or has failed. */
export function TextStatus({ registrationId }: { registrationId: string }) {
  const progress = useQuery(registrationProgressQuery(registrationId));
  const sms = progress.data?.sms;
  return (
    <p role="status" aria-live="polite" data-testid="text-status">
      {smsLine(sms ?? { status: 'queued', errorCode: null, attempts: 0, sentAt: null })}
    </p>
  );
}
