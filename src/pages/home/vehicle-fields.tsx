import { useQuery } from '@tanstack/react-query';
import { vehiclesQuery } from '../../api/vehicles';
import { SelectField, type SelectOption } from '../../components/fields/select-field';
import type { CustomerForm } from '../../domain/customer';
import type { FieldErrors } from '../../domain/validation';
import { VEHICLE_COLORS, vehicleYears } from '../../domain/vehicle-options';
import type { ProfileFieldChange } from './field-change';

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
  const catalogue = useQuery(vehiclesQuery());
  const makes = catalogue.data?.results ?? [];
  const models = makes.find((entry) => entry.make === form.vehicleMake)?.models ?? [];

  return (
    <>
      <SelectField
        name="vehicleYear"
        label="Vehicle Year"
        required
        value={form.vehicleYear === null ? '' : String(form.vehicleYear)}
        options={withCurrent(toOptions(vehicleYears()), form.vehicleYear === null ? null : String(form.vehicleYear))}
        error={errors.vehicleYear}
        onValueChange={(value) => onChange('vehicleYear', value === '' ? null : Number(value))}
      />
      <SelectField
        name="vehicleMake"
        label="Vehicle Make"
        required
        value={form.vehicleMake ?? ''}
        options={withCurrent(toOptions(makes.map((entry) => entry.make)), form.vehicleMake)}
        error={
          errors.vehicleMake ??
          (catalogue.isError ? 'We could not load the list of makes. Please reload the page.' : undefined)
        }
        onValueChange={(value) => onChange('vehicleMake', value === '' ? null : value)}
      />
      <SelectField
        name="vehicleModel"
        label="Vehicle Model"
        required
        value={form.vehicleModel ?? ''}
        options={withCurrent(toOptions(models), form.vehicleModel)}
        // An enabled list with nothing in it reads as broken; "Please select..." in a disabled one says "make first".
        disabled={!form.vehicleMake}
        error={errors.vehicleModel}
        onValueChange={(value) => onChange('vehicleModel', value === '' ? null : value)}
      />
      <SelectField
        name="vehicleColor"
        label="Vehicle Color"
        required
        value={form.vehicleColor ?? ''}
        options={toOptions(VEHICLE_COLORS)}
        error={errors.vehicleColor}
        onValueChange={(value) => onChange('vehicleColor', value === '' ? null : value)}
      />
    </>
  );
}
