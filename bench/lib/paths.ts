import { fileURLToPath } from 'node:url';

/** The repository root: the bench builds and starts the app from here. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

/** The bare React 19 + Vite "hello" page every bundle and page-load figure is divided by. */
export const baselineRoot = `${repoRoot}/bench/baseline`;

export const budgetFile = `${repoRoot}/bench/budget.json`;
