import type { SavedProgress } from '../../machines/profile/profile.types';
import type { Registration } from '../domain/registration';

const PROGRESS_KEY = 'club-profile:progress';
const COMPLETION_KEY = 'club-profile:completion';

/** What the thank-you and survey pages need after the profile is done. */
export interface Completion {
  registration: Registration | null;
  customerId: string | null;
}

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

/** Progress belongs to the code it was typed for: another link starts clean. */
export function loadProgress(token: string | null): SavedProgress | null {
  const saved = read<SavedProgress>(PROGRESS_KEY);
  return saved && saved.token === token ? saved : null;
}

export function saveProgress(progress: SavedProgress | null) {
  if (progress) write(PROGRESS_KEY, progress);
}

export function clearProgress() {
  try {
    sessionStorage.removeItem(PROGRESS_KEY);
  } catch {
    // Nothing to clear.
  }
}

export const loadCompletion = () => read<Completion>(COMPLETION_KEY);
export const saveCompletion = (completion: Completion) => write(COMPLETION_KEY, completion);

/**
 * Spec §2: the survey's customer is the one this session completed; the `cid` of the link is taken (and kept)
 * only when the session has none.
 */
export function surveyCustomerId(cid: string | null): string | null {
  const completion = loadCompletion();
  if (completion?.customerId) return completion.customerId;
  if (!cid) return null;
  saveCompletion({ registration: completion?.registration ?? null, customerId: cid });
  return cid;
}
