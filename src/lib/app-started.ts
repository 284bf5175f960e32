import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React takes over the server's render of the page (decision 016), true from then on and in any page the
 * browser renders itself: what must wait for the app, such as a submit, reads it.
 */
export const useAppStarted = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
