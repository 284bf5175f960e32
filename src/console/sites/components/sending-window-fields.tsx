import { TextField } from '../../../components/fields/text-field';
import { windowText } from '../../site-clock';
import { untilOf } from '../site-changes';
import local from '../sites.module.css';

const TIME = /^\d\d:\d\d$/;

/**
 * A site's sending window as two time boxes (decision 031), on the site's clock: texts asked for outside it wait for
 * it to open. "Until 00:00" is midnight at the end of the day (`src/console/sites/site-changes.ts`).
 */
export function SendingWindowFields({
  names,
  from,
  until,
  errors,
  hint,
  onChange,
}: {
  /** The two inputs' names (ids): each form has its own. */
  names: { from: string; until: string };
  from: string;
  until: string;
  errors: { from?: string; until?: string };
  /** What the legend adds after the site's clock and midnight. */
  hint?: string;
  onChange: (window: { from: string; until: string }) => void;
}) {
  return (
    <fieldset className={local.window}>
      <legend>
        Texts go out between (the site&apos;s time; quiet hours outside; until 12:00 AM is midnight
        {hint ? `; ${hint}` : ''})
      </legend>
      <TextField
        name={names.from}
        label="From"
        type="time"
        value={from}
        error={errors.from}
        onValueChange={(value) => onChange({ from: value, until })}
      />
      <TextField
        name={names.until}
        label="Until"
        type="time"
        value={until}
        error={errors.until}
        onValueChange={(value) => onChange({ from, until: value })}
      />
      {/* The window as the site list writes it, so the two read alike whatever the browser's time boxes show. */}
      <p className={local.windowReads} aria-live="polite">
        {TIME.test(from) && TIME.test(until) ? `Texts go out ${windowText({ start: from, end: untilOf(until) })}` : ''}
      </p>
    </fieldset>
  );
}
