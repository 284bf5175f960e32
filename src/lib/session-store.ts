import * as v from 'valibot';
import type { Completion } from '../domain/completion';

const PROGRESS_KEY = 'club-profile:progress';
const COMPLETION_KEY = 'club-profile:completion';

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    // Private mode or a corrupt entry: start afresh rather than fail.
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the page still works, a reload just starts over.
  }
}

function remove(key: string) {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

/** What the store needs to know of a flow's progress, whose shape is the flow's: the code it was typed for. */
interface Progress {
  token: string | null;
}

/** Progress belongs to the code it was typed for: another link starts clean. */
export function loadProgress<T extends Progress>(token: string | null): T | null {
  const saved = read<T>(PROGRESS_KEY);
  return saved && saved.token === token ? saved : null;
}

export function saveProgress<T extends Progress>(progress: T | null) {
  if (progress) write(PROGRESS_KEY, progress);
}

export const clearProgress = () => remove(PROGRESS_KEY);

const storedCompletion = v.object({
  membership: v.nullable(v.object({ planName: v.string(), rechargeDate: v.string() })),
  customerId: v.nullable(v.string()),
});

/** An entry of another shape (the older one held the whole registration) is removed, not trusted. */
export function loadCompletion(): Completion | null {
  const stored = read<unknown>(COMPLETION_KEY);
  if (stored === null) return null;
  const parsed = v.safeParse(storedCompletion, stored);
  if (parsed.success) return parsed.output;
  remove(COMPLETION_KEY);
  return null;
}

/** Field by field: TypeScript lets a wider object (a whole registration) through, storage must not. */
export function saveCompletion({ membership, customerId }: Completion) {
  write(COMPLETION_KEY, {
    membership: membership && { planName: membership.planName, rechargeDate: membership.rechargeDate },
    customerId,
  });
}

/** Sets the session's customer, keeping the plan it may already hold. */
export function saveCustomerId(customerId: string) {
  saveCompletion({ membership: loadCompletion()?.membership ?? null, customerId });
}
