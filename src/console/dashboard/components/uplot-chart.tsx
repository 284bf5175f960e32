import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from '../../console.module.css';

const HEIGHT = 240;

/** A series as the legend under a chart names it, with its values: shown without hovering (decision 046). */
export interface LegendItem {
  label: string;
  color: string;
  /** Its values in the chart's order, as the table beside it writes them. */
  values: string;
}

/**
 * A uPlot chart that takes its container's width (a phone's or a desk's). The canvas is hidden from screen
 * readers: `summary` names it, and the table beside it holds the same figures. uPlot's own legend reads "--" until
 * a pointer hovers, which a phone never does: `legend` replaces it with each series' name and values, always shown.
 */
export function UplotChart({
  options,
  data,
  summary,
  legend = [],
}: {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  summary: string;
  legend?: readonly LegendItem[];
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = new uPlot(
      { ...options, legend: { show: false }, width: element.clientWidth, height: HEIGHT },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [options, data]);
  return (
    <figure style={{ margin: 0 }}>
      <div ref={container} aria-hidden="true" />
      <figcaption className={styles.visuallyHidden}>{summary}</figcaption>
      {legend.length > 0 && (
        <ul className={styles.chartLegend} aria-label="Legend">
          {legend.map((item) => (
            <li key={item.label}>
              <span className={styles.chartSwatch} style={{ background: item.color }} aria-hidden="true" />
              <strong>{item.label}:</strong> {item.values}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
