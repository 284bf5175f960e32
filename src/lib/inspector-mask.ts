/**
 * What the Stately inspector receives leaves the browser masked: every text in an event or a chart's context is
 * replaced (names, contact details, address, plate, the code), save the few keys that say what happened (an event's
 * type, the field it changed, an outcome's kind). Numbers and booleans (scores, flags) stay, so the chart still
 * reads.
 */
const SAYS_WHAT_HAPPENED = new Set(['type', 'field', 'kind', 'status']);
export const MASK = '•••';

export function masked<T>(value: T): T {
  return maskUnder(value, undefined) as T;
}

function maskUnder(value: unknown, key: string | undefined): unknown {
  if (typeof value === 'string') return key !== undefined && SAYS_WHAT_HAPPENED.has(key) ? value : MASK;
  if (Array.isArray(value)) return value.map((item) => maskUnder(item, undefined));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, maskUnder(item, name)]));
  }
  return value;
}
