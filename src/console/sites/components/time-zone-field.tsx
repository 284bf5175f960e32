import { useMemo, useState } from 'react';
import { SelectField } from '../../../components/fields/select-field';
import { TextField } from '../../../components/fields/text-field';
import { zoneName } from '../../site-clock';
import { matchingZones, timeZoneChoices } from '../time-zones';

/**
 * A site's time zone, from the current IANA names the browser knows, narrowed by a search box (over 400 zones are
 * too many to scroll on a phone). `defaultZone` offers an empty choice that names the server's DEFAULT_TIMEZONE (a
 * new site); without it a zone is always chosen. The chosen zone stays offered whatever the search.
 */
export function TimeZoneField({
  name,
  value,
  error,
  defaultZone,
  onValueChange,
}: {
  name: string;
  value: string;
  error: string | undefined;
  /** Offered as the empty choice: the server's zone, null until it is known; undefined offers none. */
  defaultZone?: string | null | undefined;
  onValueChange: (value: string) => void;
}) {
  const [search, setSearch] = useState('');
  const choices = useMemo(() => timeZoneChoices(value), [value]);
  const options = useMemo(() => {
    const found = matchingZones(choices, search);
    const shown = value === '' || found.includes(value) ? found : [value, ...found];
    return shown.map((zone) => ({ value: zone, label: `${zone.replace(/_/g, ' ')} · ${zoneName(zone)}` }));
  }, [choices, search, value]);
  const defaultLabel =
    defaultZone === undefined
      ? null
      : `The server's default${defaultZone ? `: ${defaultZone.replace(/_/g, ' ')} · ${zoneName(defaultZone)}` : ''}`;
  return (
    <>
      <TextField
        name={`${name}-search`}
        label="Search zones by city or region"
        type="search"
        autoComplete="off"
        value={search}
        onValueChange={setSearch}
      />
      <SelectField
        name={name}
        label="Time zone"
        value={value}
        options={options}
        placeholder={defaultLabel}
        error={error}
        onValueChange={onValueChange}
      />
    </>
  );
}
