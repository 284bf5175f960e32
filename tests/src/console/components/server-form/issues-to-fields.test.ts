import { describe, expect, it } from 'vitest';
import { issuesToFields } from '../../../../../src/console/components/server-form/issues-to-fields';

describe('issuesToFields', () => {
  it("gives an item's message to its list, a renamed key to its field, and keeps the rest apart", () => {
    const mapped = issuesToFields(
      ['sites', 'textsFrom', 'name'],
      {
        'sites.1': 'Not one of yours',
        'smsWindow.start': 'Pick a time',
        role: 'Unknown role',
      },
      { textsFrom: 'smsWindow.start' },
    );
    expect(mapped).toEqual({
      errors: { sites: 'Not one of yours', textsFrom: 'Pick a time' },
      unclaimed: ['Unknown role'],
    });
  });

  it("keeps a list's first message when several of its items have one", () => {
    expect(issuesToFields(['sites'], { 'sites.0': 'First', 'sites.2': 'Third' }).errors).toEqual({ sites: 'First' });
  });
});
