import { useSyncExternalStore } from 'react';

/**
 * An owner's "Show demo data" (decision 049): held for the visit (this tab), and sent as `includeDemo=true` to the
 * lists, figures and exports that leave the demo out otherwise. Only an owner can turn it on; the server refuses the
 * flag from anyone else.
 */
const STORAGE_KEY = 'console.showDemo';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

let shown = typeof sessionStorage === 'undefined' ? false : read();

export function setShowDemo(value: boolean): void {
  shown = value;
  try {
    if (value) sessionStorage.setItem(STORAGE_KEY, 'true');
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (a private window's quota): the choice holds until the page reloads.
  }
  for (const listener of listeners) listener();
}

export function useShowDemo(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
  );
}

/** The API paths that leave the demo out unless asked: the lists, their exports, the figures, the site list. */
const DEMO_FILTERED =
  /^\/?(api\/)?admin\/(dashboard|members|members\.csv|feedback|feedback\.csv|follow-ups|follow-ups\/count|registrations|sites)(\?|$)/;

/** `path` with `includeDemo=true` when the owner shows demo data and the path leaves it out otherwise. */
export function withDemoFlag(path: string): string {
  if (!shown || !DEMO_FILTERED.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}includeDemo=true`;
}
