// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { emptyCustomerForm } from '../../../../src/domain/customer';
import { typedBeforeStart } from '../../../../src/pages/home/typed-before-start';

describe('what was typed into the server’s form before the app took it over', () => {
  it('is every field showing something else than the flow holds, as the flow holds values', () => {
    document.body.innerHTML = `
      <input id="field-firstName" value="" />
      <input id="field-lastName" value="" />
      <select id="field-vehicleYear"><option value=""></option><option value="2019">2019</option></select>
      <select id="field-vehicleColor"><option value=""></option><option value="Blue">Blue</option></select>
      <button id="field-isAgreedToTerms" role="checkbox"></button>`;
    (document.getElementById('field-firstName') as HTMLInputElement).value = 'Dana';
    (document.getElementById('field-vehicleYear') as HTMLSelectElement).value = '2019';
    const form = { ...emptyCustomerForm('reg-1'), vehicleColor: 'Blue' as const };

    expect(typedBeforeStart(form)).toEqual([
      { field: 'firstName', value: 'Dana' },
      { field: 'vehicleYear', value: 2019 },
      // Cleared back to the empty choice: no color.
      { field: 'vehicleColor', value: null },
    ]);
  });
});
