import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import buttons from '../../components/buttons/buttons.module.css';
import dialog from '../../components/dialogs/blocking-dialog.module.css';
import { CheckboxField } from '../../components/fields/checkbox-field';
import { hasDemoData, type DemoData } from '../../domain/demo-data';
import { ADMIN_KEY } from '../client';
import { demoDataQuery, removeDemoData } from './api';
import { setShowDemo, useShowDemo } from './show-demo';
import styles from './demo-notice.module.css';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the demo made, in words: "1 code, 1 member, 1 survey, 1 follow-up case and Site 1". */
function demoContents(data: DemoData): string {
  const parts = [
    plural(data.registrations, 'code'),
    plural(data.members, 'member'),
    plural(data.surveys, 'survey'),
    plural(data.followUpCases, 'follow-up case'),
    ...(data.sites.length ? [data.sites.map((id) => `Site ${id}`).join(', ')] : []),
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
}

/**
 * An owner's notice while demo data is there (decision 049): what it is, that no figure, list or export counts it,
 * "Show demo data" to see it counted, and "Remove demo data" behind a confirmation. Nothing for a manager, nor once
 * it is gone.
 */
export function DemoNotice() {
  const queryClient = useQueryClient();
  const shown = useShowDemo();
  const [confirming, setConfirming] = useState(false);
  const [removed, setRemoved] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const demo = useQuery(demoDataQuery);
  const remove = useMutation({
    mutationFn: removeDemoData,
    onSuccess: async () => {
      setShowDemo(false);
      setConfirming(false);
      setRemoved(true);
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
  });

  if (removed && !(demo.data && hasDemoData(demo.data))) {
    return (
      <p className={styles.notice} role="status">
        Demo data removed: every figure and list now holds real data only.
      </p>
    );
  }
  if (!demo.data || !hasDemoData(demo.data)) return null;

  return (
    <section className={styles.notice} aria-labelledby="demo-notice-title">
      <h2 id="demo-notice-title" className={styles.title}>
        Demo data
      </h2>
      <p className={styles.text}>
        The demo link <code>npm start</code> printed made {demoContents(demo.data)}.{' '}
        {shown
          ? 'They are counted in the figures, lists and exports while "Show demo data" is on.'
          : 'No figure, list or export counts them.'}{' '}
        They go by themselves when the first real code is issued or a site is added.
      </p>
      <div className={styles.actions}>
        <CheckboxField
          name="show-demo-data"
          label="Show demo data"
          checked={shown}
          onCheckedChange={(checked) => {
            setShowDemo(checked);
            void queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
          }}
        />
        <Dialog.Root open={confirming} onOpenChange={(open) => !remove.isPending && setConfirming(open)}>
          <Dialog.Trigger asChild>
            <button type="button" className={buttons.secondary} ref={removeButton}>
              Remove demo data
            </button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className={dialog.overlay} />
            <Dialog.Content className={dialog.content}>
              <Dialog.Title className={dialog.title}>Remove demo data?</Dialog.Title>
              <Dialog.Description className={dialog.description}>
                This deletes {demoContents(demo.data)}, for good. Real data stays as it is.
              </Dialog.Description>
              {remove.error && (
                <p className={styles.error} role="alert">
                  {remove.error.message}
                </p>
              )}
              <div className={styles.actions}>
                <button
                  type="button"
                  className={buttons.primary}
                  aria-busy={remove.isPending}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate()}
                >
                  Remove demo data
                </button>
                <Dialog.Close asChild>
                  <button type="button" className={buttons.secondary} disabled={remove.isPending}>
                    Cancel
                  </button>
                </Dialog.Close>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </section>
  );
}
