import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useMemo } from 'react';
import { SelectField, type SelectOption } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import type { CustomerForm } from '../../domain/customer';
import type { FieldErrors } from '../../domain/validation';
import { VEHICLE_COLORS, vehicleYears } from '../../domain/vehicle-options';
import { fieldErrorText, FIELD_LABELS } from '../../i18n/field-texts';
import { usStateOptions } from '../../i18n/us-state-names';
import { runtimeConfig } from '../../lib/read-runtime-config';
import type { ProfileFieldChange } from './field-change';
import { useVehicleCatalogue } from './use-vehicle-catalogue';

const toOptions = (values: readonly (string | number)[]): SelectOption[] =>
  values.map((value) => ({ value: String(value), label: String(value) }));

/** Keeps a saved value selectable even when today's list no longer has it (an old car of a returning member). */
const withCurrent = (options: SelectOption[], current: string | null) =>
  current && !options.some((o) => o.value === current) ? [{ value: current, label: current }, ...options] : options;

export function VehicleFields({
  form,
  errors,
  onChange,
}: {
  form: CustomerForm;
  errors: FieldErrors;
  onChange: ProfileFieldChange;
}) {
  // docs/spec.md §7: the catalogue is fetched when the vehicle section appears.
  const catalogue = useVehicleCatalogue();
  const { makes } = catalogue;
  const models = makes.find((entry) => entry.make === form.vehicleMake)?.models ?? [];
  const placeholder = t`Please select...`;
  const label = (field: keyof typeof FIELD_LABELS) => i18n._(FIELD_LABELS[field]);
  const error = (field: keyof CustomerForm) => fieldErrorText(field, errors[field]);
  // Shown in the customer's language; the value kept is the English one operators' systems know. Both lists stay
  // the same objects while the language does, so that their markup is made once (decision 050).
  const language = i18n.locale;
  const colors = useMemo(
    () => VEHICLE_COLORS.map((color) => ({ value: color, label: i18n._(color) })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the names change with the language shown
    [language],
  );
  const years = useMemo(() => toOptions(vehicleYears()), []);
  const year = form.vehicleYear === null ? null : String(form.vehicleYear);
  const yearOptions = useMemo(() => withCurrent(years, year), [years, year]);
  const colorOptions = useMemo(() => withCurrent(colors, form.vehicleColor), [colors, form.vehicleColor]);

  return (
    <>
      <SelectField
        name="vehicleYear"
        label={label('vehicleYear')}
        placeholder={placeholder}
        required
        value={form.vehicleYear === null ? '' : String(form.vehicleYear)}
        options={yearOptions}
        error={error('vehicleYear')}
        onValueChange={(value) => onChange('vehicleYear', value === '' ? null : Number(value))}
      />
      <SelectField
        name="vehicleMake"
        label={label('vehicleMake')}
        placeholder={placeholder}
        required
        value={form.vehicleMake ?? ''}
        options={withCurrent(toOptions(makes.map((entry) => entry.make)), form.vehicleMake)}
        error={
          error('vehicleMake') ??
          (catalogue.failed ? t`We could not load the list of makes. Please reload the page.` : undefined)
        }
        onValueChange={(value) => onChange('vehicleMake', value === '' ? null : value)}
      />
      <SelectField
        name="vehicleModel"
        label={label('vehicleModel')}
        placeholder={placeholder}
        required
        value={form.vehicleModel ?? ''}
        options={withCurrent(toOptions(models), form.vehicleModel)}
        // An enabled list with nothing in it reads as broken; "Please select..." in a disabled one says "make first".
        disabled={!form.vehicleMake}
        error={error('vehicleModel')}
        onValueChange={(value) => onChange('vehicleModel', value === '' ? null : value)}
      />
      <SelectField
        name="vehicleColor"
        label={label('vehicleColor')}
        placeholder={placeholder}
        required
        value={form.vehicleColor ?? ''}
        options={colorOptions}
        error={error('vehicleColor')}
        onValueChange={(value) => onChange('vehicleColor', value === '' ? null : value)}
      />
      {/* Typed as it is on the plate; the schema upper-cases it and drops spaces and dashes on submit. */}
      <TextField
        name="licensePlate"
        label={label('licensePlate')}
        required={runtimeConfig.requireLicensePlate}
        value={form.licensePlate}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={error('licensePlate')}
        onValueChange={(value) => onChange('licensePlate', value)}
      />
      <SelectField
        name="licensePlateState"
        label={label('licensePlateState')}
        placeholder={placeholder}
        required={runtimeConfig.requireLicensePlate}
        value={form.licensePlateState}
        options={usStateOptions()}
        error={error('licensePlateState')}
        onValueChange={(value) => onChange('licensePlateState', value)}
      />
    </>
  );
}
