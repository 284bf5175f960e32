import { useQuery } from '@tanstack/react-query';
import buttons from '../../../components/buttons/buttons.module.css';
import styles from '../../console.module.css';
import { useReaderClock } from '../../sites/use-site-clock';
import { deliveriesQuery } from '../api';

/** An endpoint's last deliveries, refreshed while open, so a test event is seen arriving. */
export function Deliveries({ endpointId, onResend }: { endpointId: string; onResend: (deliveryId: string) => void }) {
  const deliveries = useQuery(deliveriesQuery(endpointId));
  const rows = deliveries.data?.results ?? [];
  const clock = useReaderClock();
  return (
    <div id={`deliveries-${endpointId}`}>
      <h3 className={styles.caption}>Last deliveries</h3>
      {rows.length === 0 ? (
        <p className={styles.muted}>Nothing sent yet.</p>
      ) : (
        <ul className={styles.deliveryList} aria-live="polite">
          {rows.map((delivery) => (
            <li key={delivery.id} className={delivery.status === 'failed' ? styles.detractor : undefined}>
              <span>{delivery.eventType}</span> · <strong>{delivery.status}</strong> · {delivery.attempts}{' '}
              {delivery.attempts === 1 ? 'try' : 'tries'}
              {delivery.lastStatusCode !== null && <> · HTTP {delivery.lastStatusCode}</>}
              {delivery.lastError && delivery.lastStatusCode === null && <> · {delivery.lastError}</>} ·{' '}
              {clock.at(delivery.lastAttemptAt ?? delivery.createdAt)}
              {delivery.status === 'failed' && (
                <button type="button" className={buttons.secondary} onClick={() => onResend(delivery.id)}>
                  Resend
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
