import type { InspectionEvent, Observer } from 'xstate';

/**
 * Development only: `npm run dev:inspect`, or `?inspect` on a dev build, connects every actor to the Stately
 * inspector. `import.meta.env.DEV` is false in a production build, so the bundler drops the import entirely.
 */
let inspect: Observer<InspectionEvent> | undefined;

export async function startInspectorIfAsked(): Promise<void> {
  if (!import.meta.env.DEV) return;
  const asked = import.meta.env.VITE_INSPECT === 'true' || new URLSearchParams(location.search).has('inspect');
  if (!asked) return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  inspect = createBrowserInspector().inspect;
}

/** Options for `useMachine` / `createActor`: the inspector when it runs, nothing otherwise. */
export const inspectorOptions = (): { inspect?: Observer<InspectionEvent> } => (inspect ? { inspect } : {});
