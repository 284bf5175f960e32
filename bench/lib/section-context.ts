import type { Budget } from './budget';
import type { CleanupStack } from './cleanup-stack';

/** Builds that more than one section needs, made once per run. */
export interface SharedBuilds {
  /** bench/baseline built into a temp dir; answers that dir. */
  baseline: () => Promise<string>;
}

export interface SectionContext {
  budget: Budget;
  /** Undone when the section ends, fails or runs out of time. */
  cleanup: CleanupStack;
  shared: SharedBuilds;
  /** Progress lines go to stderr, so that stdout holds only the tables. */
  log: (message: string) => void;
}
