import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { CheckboxGroup } from '../../components/checkbox-group';
import { sitesQuery } from '../api';
import { siteChoices } from '../site-choices';

/**
 * Several sites, ticked by name, for a staff member or a key: active sites, and any already given that are not (to
 * take them off). The checkboxes' ids are `${name}-0`…, the first being where a form sends focus on an error.
 */
export function SiteCheckboxes({
  name,
  legend,
  hideLegend,
  note,
  checked,
  error,
  onChange,
}: {
  name: string;
  legend: string;
  hideLegend?: boolean;
  note?: string;
  checked: readonly string[];
  error?: string | undefined;
  onChange: (checked: string[]) => void;
}) {
  const sites = useQuery(sitesQuery);
  const choices = siteChoices(sites.data?.results, 'new', checked);
  const none = sites.isSuccess && choices.length === 0;
  return (
    <CheckboxGroup
      name={name}
      legend={legend}
      hideLegend={hideLegend}
      note={
        none ? (
          <>
            No active site yet: <Link to="/sites">add one on the Sites page</Link>.
          </>
        ) : sites.isError ? (
          'The sites could not be loaded: reload the page to choose them.'
        ) : (
          note
        )
      }
      options={choices.map((choice) => choice.value)}
      labels={Object.fromEntries(choices.map((choice) => [choice.value, choice.label]))}
      checked={checked}
      error={error}
      onChange={onChange}
    />
  );
}
