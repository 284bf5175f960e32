import { useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { activeIds, type ChartNode, type ChartRecorder, type LiveChart } from './chart-recorder';
import styles from './charts-view.module.css';

/**
 * `?charts` on a dev build: a panel beside the page with each running chart, its states (the current ones marked),
 * and its last events, masked as the inspector's are. Offline, nothing leaves the tab; the charts' diagrams are in
 * machines/<flow>/README.md. A production build has none of it (src/lib/inspector.ts loads it only in dev).
 */
export function showChartsView(recorder: ChartRecorder): void {
  const host = document.createElement('aside');
  host.setAttribute('aria-label', 'Running charts (development)');
  document.body.append(host);
  createRoot(host).render(<ChartsView recorder={recorder} />);
}

function ChartsView({ recorder }: { recorder: ChartRecorder }) {
  const charts = useSyncExternalStore(recorder.subscribe, recorder.charts);
  // Open beside the page on a desk; on a phone it would cover the page, so it starts closed there.
  const [open, setOpen] = useState(() => window.innerWidth >= 720);
  return (
    <div className={open ? styles.panel : `${styles.panel} ${styles.closed}`}>
      <button type="button" className={styles.toggle} aria-expanded={open} onClick={() => setOpen(!open)}>
        Charts ({charts.length})
      </button>
      {open && charts.map((chart) => <Chart key={chart.sessionId} chart={chart} />)}
    </div>
  );
}

function Chart({ chart }: { chart: LiveChart }) {
  const active = activeIds(chart.root.id, chart.value);
  return (
    <section className={styles.chart}>
      <h2>{chart.root.id}</h2>
      <States node={chart.root} active={active} />
      <h3>Last events</h3>
      <ol className={styles.events}>
        {chart.events.map(({ at, event }, index) => (
          <li key={`${at}-${index}`}>
            <time>{new Date(at).toLocaleTimeString()}</time> <code>{JSON.stringify(event)}</code>
          </li>
        ))}
      </ol>
    </section>
  );
}

function States({ node, active }: { node: ChartNode; active: Set<string> }) {
  const children = Object.values(node.states);
  if (children.length === 0) return null;
  return (
    <ul className={node.type === 'parallel' ? styles.parallel : styles.states}>
      {children.map((child) => (
        <li key={child.id}>
          {active.has(child.id) ? (
            <>
              <strong>{child.key}</strong>
              <span className={styles.here}> ◀ now</span>
            </>
          ) : (
            child.key
          )}
          <States node={child} active={active} />
        </li>
      ))}
    </ul>
  );
}
