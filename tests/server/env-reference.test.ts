import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configurationPage, PAGE } from '../../scripts/configuration-reference';
import { SETTING_NAMES } from '../../server/env';
import { SETTINGS_REFERENCE } from '../../server/env-reference';

describe('the configuration reference', () => {
  const described = SETTINGS_REFERENCE.flatMap((entry) => entry.names);

  it('describes every setting the server reads, each once, and none it does not read', () => {
    expect(SETTING_NAMES.length).toBeGreaterThan(0);
    expect([...described].sort()).toEqual([...SETTING_NAMES].sort());
  });

  it('is what docs/configuration.md says (npm run docs:configuration writes it)', async () => {
    expect(readFileSync(PAGE, 'utf8')).toBe(await configurationPage());
  });
});
