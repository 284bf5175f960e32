/**
 * The zones a site may be given, by their current IANA names. `Intl` lists some zones under the names CLDR keeps
 * for stability (Asia/Calcutta, Europe/Kiev), which IANA has since renamed; the list offers the current name only
 * (decision 046), and `current` where the list lacks it (a zone set before may be an alias such as "US/Eastern"), so
 * the select shows the site's zone rather than another.
 */
const RENAMED: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

const knows = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** A zone's current name: a renamed zone's new one where this runtime accepts it. */
export const currentZoneName = (zone: string) => {
  const renamed = RENAMED[zone];
  return renamed && knows(renamed) ? renamed : zone;
};

export function timeZoneChoices(current: string): string[] {
  const zones = [...new Set(Intl.supportedValuesOf('timeZone').map(currentZoneName))];
  if (current !== '' && !zones.includes(current)) zones.push(current);
  return zones.sort();
}

/** The choices whose name has every word of the search in it ("york", "los ang", "pacific/auck"). */
export function matchingZones(zones: readonly string[], search: string): string[] {
  const words = search
    .toLowerCase()
    .replace(/_/g, ' ')
    .split(/[\s/]+/)
    .filter(Boolean);
  if (words.length === 0) return [...zones];
  return zones.filter((zone) => {
    const name = zone.toLowerCase().replace(/_/g, ' ');
    return words.every((word) => name.includes(word));
  });
}
