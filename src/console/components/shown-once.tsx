import { useEffect, useRef, type ReactNode } from 'react';
import buttons from '../../components/buttons/buttons.module.css';
import styles from '../console.module.css';

/**
 * A secret the server shows this once (a webhook's signing secret, an API key): what it is, the value, and a copy
 * button. It takes the focus when it appears, so a screen reader reads it and a keyboard is on the copy button next.
 */
export function ShownOnce({ children, value, copyLabel }: { children: ReactNode; value: string; copyLabel: string }) {
  const valueRef = useRef<HTMLElement>(null);
  useEffect(() => valueRef.current?.focus(), [value]);
  return (
    <div role="status" className={styles.secret}>
      <p>{children}</p>
      <code ref={valueRef} tabIndex={-1} className={styles.secretValue}>
        {value}
      </code>
      <button type="button" className={buttons.secondary} onClick={() => void navigator.clipboard?.writeText(value)}>
        {copyLabel}
      </button>
    </div>
  );
}
