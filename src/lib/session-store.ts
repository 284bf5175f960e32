import * as v from 'valibot';
import type { SavedProgress } from '../../machines/profile/profile.types';
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

/** Progress belongs to the code it was typed for: another link starts clean. */
export function loadProgress(token: string | null): SavedProgress | null {
  const saved = read<SavedProgress>(PROGRESS_KEY);
  return saved && saved.token === token ? saved : null;
}

export function saveProgress(progress: SavedProgress | null) {
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

/**
 * Spec §2: the survey's customer is the one this session completed; the `cid` of the link is taken (and kept)
 * only when the session has none.
 */
export function surveyCustomerId(cid: string | null): string | null {
  const completion = loadCompletion();
  if (completion?.customerId) return completion.customerId;
  if (!cid) return null;
  saveCompletion({ membership: completion?.membership ?? null, customerId: cid });
  return cid;
}
