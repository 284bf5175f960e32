import { t } from '@lingui/core/macro';
import buttons from '../../components/buttons/buttons.module.css';
import { useAppStarted } from '../../lib/app-started';

/**
 * The form's submit. Until the app runs it is disabled: a submit then would send the form as a plain GET, its fields
 * in the address. Its own component, so that the app's start re-renders the button, not the whole form.
 */
export function SubmitButton({ isSubmitting }: { isSubmitting: boolean }) {
  const started = useAppStarted();
  return (
    <button className={buttons.primary} type="submit" disabled={isSubmitting || !started}>
      {isSubmitting ? t`Submitting...` : t`Submit`}
    </button>
  );
}
