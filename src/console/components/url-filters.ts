import { useSearchParams } from 'react-router-dom';

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
