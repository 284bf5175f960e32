import { useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '../../../domain/webhooks';
import buttons from '../../../components/buttons/buttons.module.css';
import { RecordList, type Column } from '../../components/record-list/record-list';
import styles from '../../console.module.css';
import { useReaderClock } from '../../sites/use-site-clock';
import { deliveriesQuery } from '../api';

/** An endpoint's last deliveries, refreshed while open, so a test event is seen arriving; a failed one stands out. */
export function Deliveries({ endpointId, onResend }: { endpointId: string; onResend: (deliveryId: string) => void }) {
  const deliveries = useQuery(deliveriesQuery(endpointId));
  const clock = useReaderClock();
  const columns: Column<WebhookDelivery>[] = [
    { label: 'Event', card: 'title', cell: (delivery) => delivery.eventType },
    {
      label: 'Actions',
      card: 'actions',
      hideLabel: true,
      cell: (delivery) =>
        delivery.status === 'failed' && (
          <button type="button" className={buttons.secondary} onClick={() => onResend(delivery.id)}>
            Resend <span className={styles.visuallyHidden}>{delivery.eventType}</span>
          </button>
        ),
    },
    { label: 'Status', cell: (delivery) => <strong>{delivery.status}</strong> },
    { label: 'Tries', cell: (delivery) => delivery.attempts },
    {
      label: 'Answer',
      cell: (delivery) =>
        delivery.lastStatusCode !== null ? `HTTP ${delivery.lastStatusCode}` : (delivery.lastError ?? 'None yet'),
    },
    { label: 'When', cell: (delivery) => clock.at(delivery.lastAttemptAt ?? delivery.createdAt) },
  ];
  return (
    <div id={`deliveries-${endpointId}`} aria-live="polite">
      <h3 className={styles.caption}>Last deliveries</h3>
      <RecordList
        label="Last deliveries"
        columns={columns}
        rows={deliveries.data?.results ?? []}
        rowKey={(delivery) => delivery.id}
        rowClassName={(delivery) => (delivery.status === 'failed' ? styles.detractor : undefined)}
        pending={deliveries.isPending}
        empty={<p>Nothing sent yet: each event sent here shows with its answer. Send a test event to see one.</p>}
      />
    </div>
  );
}
