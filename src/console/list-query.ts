import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { Page } from '../domain/paging';
import { getJson } from './api';

/**
 * A page's filters live in its address (so a filtered list can be bookmarked or shared); `set` changes one of
 * them without adding a history entry per keystroke.
 */
export function useUrlFilters(names: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const filters = new URLSearchParams(names.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return { value: (name: string) => params.get(name) ?? '', filters, set };
}

/** A keyset-paged console list (`{ results, nextCursor }`), one "Show more" at a time. */
export function usePagedList<T>(path: string, filters: URLSearchParams) {
  const query = useInfiniteQuery({
    queryKey: ['admin', path, filters.toString()],
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      const page = new URLSearchParams(filters);
      if (pageParam) page.set('after', pageParam);
      return getJson<Page<T>>(`${path}?${page.toString()}`);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.results) ?? [] };
}
