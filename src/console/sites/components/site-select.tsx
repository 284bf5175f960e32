import { useQuery } from '@tanstack/react-query';
import { SelectField } from '../../../components/fields/select-field';
import { sitesQuery } from '../api';
import { siteChoices } from '../site-choices';

/**
 * One site, chosen by name: as a filter ("All sites", every site, inactive ones marked) or for something new (a
 * code: active sites only). The value is the site's id, as the API takes it.
 */
export function SiteSelect({
  name,
  label = 'Site',
  purpose,
  value,
  error,
  required,
  onValueChange,
}: {
  name: string;
  label?: string;
  purpose: 'new' | 'filter';
  value: string;
  error?: string | undefined;
  required?: boolean;
  onValueChange: (value: string) => void;
}) {
  const sites = useQuery(sitesQuery);
  return (
    <SelectField
      name={name}
      label={label}
      value={value}
      options={siteChoices(sites.data?.results, purpose, [value])}
      placeholder={purpose === 'filter' ? 'All sites' : 'Choose a site'}
      error={error}
      required={required}
      onValueChange={onValueChange}
    />
  );
}
