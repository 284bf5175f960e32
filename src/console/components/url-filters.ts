import { useSearchParams } from 'react-router-dom';

/**
 * A page's filters live in its address (so a filtered list can be bookmarked or shared); `set` changes one of
 * them without adding a history entry per keystroke. `count` is how many are set (the phone's "Filters (N)").
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
  const clear = () => {
    const next = new URLSearchParams(params);
    for (const name of names) next.delete(name);
    setParams(next, { replace: true });
  };
  return { value: (name: string) => params.get(name) ?? '', filters, count: [...filters.keys()].length, set, clear };
}
