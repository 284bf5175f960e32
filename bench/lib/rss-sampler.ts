import { residentBytes } from './server-process';
import { median } from './stats';

export interface RssWindow {
  /** Median of the samples: one GC sawtooth or WASM heap step does not move it much. */
  median: number;
  min: number;
  max: number;
  count: number;
}

/** Samples a process's RSS at a fixed interval, so that before/after compare windows of samples, not two readings. */
export class RssSampler {
  readonly #samples: { at: number; bytes: number }[] = [];
  readonly #timer: NodeJS.Timeout;

  constructor(pid: number, everyMs = 250) {
    const sample = () => {
      try {
        this.#samples.push({ at: performance.now(), bytes: residentBytes(pid) });
      } catch {
        // The process has gone: nothing more to sample.
      }
    };
    sample();
    this.#timer = setInterval(sample, everyMs);
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  get peak(): number {
    return Math.max(...this.#samples.map((sample) => sample.bytes));
  }

  /** The samples taken between two performance.now() times. */
  window(from: number, to: number): RssWindow {
    const bytes = this.#samples.filter((sample) => sample.at >= from && sample.at <= to).map((sample) => sample.bytes);
    return { median: median(bytes), min: Math.min(...bytes), max: Math.max(...bytes), count: bytes.length };
  }
}
