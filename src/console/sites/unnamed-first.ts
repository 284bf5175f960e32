import type { Site } from '../../domain/sites';

/** An owner's list: the sites waiting for a name first, then the named; each part keeps the list's order. */
export const unnamedFirst = <T extends Pick<Site, 'named'>>(sites: readonly T[]): T[] => [
  ...sites.filter((site) => !site.named),
  ...sites.filter((site) => site.named),
];
