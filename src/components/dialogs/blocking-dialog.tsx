import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styles from './blocking-dialog.module.css';

interface BlockingDialogProps {
  title: string;
  description: ReactNode;
  children?: ReactNode;
  /** Beside the title: the language switch, which the dialog's overlay would otherwise keep out of reach. */
  aside?: ReactNode;
}

const keepOpen = (event: Event) => event.preventDefault();

/**
 * docs/spec.md §2: a modal that neither backdrop, Escape nor a close button dismisses. Only the flow closes it, by
 * no longer rendering it. Radix traps focus inside and labels it by its title and description.
 */
export function BlockingDialog({ title, description, children, aside }: BlockingDialogProps) {
  return (
    <Dialog.Root open modal>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          // The dialog itself takes focus, so it is read from its title; a field that asks for focus takes it after.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
        >
          {aside && <div className={styles.aside}>{aside}</div>}
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
