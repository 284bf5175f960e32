import { describe, expect, it } from 'vitest';
import { FIRST_LOOKUP_ELEMENT_ID } from '../../../src/domain/registration-lookup';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../../src/domain/runtime-config';

describe('the element of index.html that carries the first lookup (decision 016)', () => {
  it('has an id a page can look up beside the runtime configuration: not empty, no spaces, not the same', () => {
    expect(FIRST_LOOKUP_ELEMENT_ID).toMatch(/^[a-z][a-z-]+$/);
    expect(FIRST_LOOKUP_ELEMENT_ID).not.toBe(RUNTIME_CONFIG_ELEMENT_ID);
  });
});
