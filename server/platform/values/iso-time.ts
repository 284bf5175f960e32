/** A stored time as the API writes it: ISO 8601 in UTC, or null when there is none. */
export const isoOrNull = (date: Date | null): string | null => date?.toISOString() ?? null;
