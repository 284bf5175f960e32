import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from '../../console.module.css';

const HEIGHT = 240;

/**
 * A uPlot chart that takes its container's width (a phone's or a desk's). The canvas is hidden from screen
 * readers: `summary` names it, and the table beside it holds the same figures.
 */
export function UplotChart({
  options,
  data,
  summary,
}: {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  summary: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = new uPlot({ ...options, width: element.clientWidth, height: HEIGHT }, data, element);
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
    </figure>
  );
}
