const HOUR_MS = 60 * 60 * 1000;
const YEAR_MS = 365 * 24 * HOUR_MS;
const OPENING_MS = 6 * HOUR_MS;
const COMPLETING_MS = 2 * HOUR_MS;

export interface CodeTimes {
  issued: number;
  opened: number | null;
  completed: number | null;
}

/**
 * One demo code's life, in epoch milliseconds: issued in the year up to `now`, opened within six hours (every
 * completed code was, and half of the rest), completed within two hours of that. The waits are drawn before the
 * issue time is placed, so that whatever happened to a code happened by `now`: one issued an hour ago has not had
 * three hours to be completed. The draws come in the order they always did, so a seed still gives the same codes,
 * each issued at most the eight hours a code can take earlier than it was.
 */
export function codeTimes(next: () => number, now: number, completed: boolean): CodeTimes {
  const placing = next();
  const isOpened = completed || next() < 0.5;
  const opening = isOpened ? Math.floor(next() * OPENING_MS) : null;
  const completing = completed ? Math.floor(next() * COMPLETING_MS) : null;
  const took = (opening ?? 0) + (completing ?? 0);
  const issued = now - took - Math.floor(placing * (YEAR_MS - took));
  return {
    issued,
    opened: opening === null ? null : issued + opening,
    completed: completing === null ? null : issued + took,
  };
}
