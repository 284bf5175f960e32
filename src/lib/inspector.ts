import type { InspectionEvent, Observer } from 'xstate';

/**
 * Development only, two ways to watch the charts: `npm run dev:inspect` or `?inspect` connects every actor to the
 * Stately inspector (a page on another origin, so events and contexts go out masked: inspector-mask.ts), and
 * `?charts` shows them in a panel beside the page, offline (dev-charts/). `import.meta.env.DEV` is false in a
 * production build, so the bundler drops both imports entirely.
 */
const observers: Observer<InspectionEvent>[] = [];

export async function startInspectorIfAsked(): Promise<void> {
  if (!import.meta.env.DEV) return;
  const asked = new URLSearchParams(location.search);
  if (import.meta.env.VITE_INSPECT === 'true' || asked.has('inspect')) {
    const [{ createBrowserInspector }, { masked }] = await Promise.all([
      import('@statelyai/inspect'),
      import('./inspector-mask'),
    ]);
    observers.push(createBrowserInspector({ sanitizeEvent: masked, sanitizeContext: masked }).inspect);
  }
  if (asked.has('charts')) {
    const [{ chartRecorder }, { showChartsView }] = await Promise.all([
      import('./dev-charts/chart-recorder'),
      import('./dev-charts/charts-view'),
    ]);
    const recorder = chartRecorder();
    observers.push(recorder.observer);
    showChartsView(recorder);
  }
}

const inspectAll = (event: InspectionEvent) => {
  for (const observer of observers) observer.next?.(event);
};

/** Options for `useMachine` / `createActor`: the watchers that run, nothing otherwise. */
export const inspectorOptions = (): { inspect?: (event: InspectionEvent) => void } =>
  observers.length > 0 ? { inspect: inspectAll } : {};
