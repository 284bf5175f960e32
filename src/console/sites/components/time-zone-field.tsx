import { useMemo } from 'react';
import { SelectField } from '../../../components/fields/select-field';
import { timeZoneChoices } from '../time-zones';

/**
 * A site's time zone, from the zones the browser knows. `defaultLabel` offers an empty choice (a new site: the
 * server's DEFAULT_TIMEZONE); without it a zone is always chosen.
 */
export function TimeZoneField({
  name,
  value,
  error,
  defaultLabel,
  onValueChange,
}: {
  name: string;
  value: string;
  error: string | undefined;
  defaultLabel?: string;
  onValueChange: (value: string) => void;
}) {
  const options = useMemo(
    () => timeZoneChoices(value).map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
    [value],
  );
  return (
    <SelectField
      name={name}
      label="Time zone"
      value={value}
      options={options}
      placeholder={defaultLabel ?? null}
      error={error}
      onValueChange={onValueChange}
    />
  );
}
