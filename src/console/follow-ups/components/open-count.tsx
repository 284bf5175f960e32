import { useQuery } from '@tanstack/react-query';
import styles from '../../console.module.css';
import { followUpCountQuery } from '../api';

/** The navigation's "(3)" beside Follow-ups, heard as "Follow-ups 3 open"; nothing until the count is known or when none is. */
export function OpenCount() {
  const open = useQuery(followUpCountQuery).data?.open;
  if (!open) return null;
  return (
    <>
      <span aria-hidden="true">{`\u00a0(${open})`}</span>
      <span className={styles.visuallyHidden}>{open} open</span>
    </>
  );
}
