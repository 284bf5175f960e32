import { useInfiniteQuery } from '@tanstack/react-query';
import buttons from '../../components/buttons/buttons.module.css';
import type { pagedListOptions } from '../client';
import styles from '../console.module.css';

/** A keyset-paged list (a feature's `pagedListOptions`), its pages run together as `items`. */
export function usePagedList<T>(options: ReturnType<typeof pagedListOptions<T>>) {
  const query = useInfiniteQuery(options);
  return { ...query, items: query.data?.pages.flatMap((page) => page.results) ?? [] };
}

/** "Show more", while the list has a next page. */
export function ShowMore({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={buttons.secondary}
        disabled={list.isFetchingNextPage}
        onClick={() => void list.fetchNextPage()}
      >
        {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
      </button>
    </div>
  );
}
