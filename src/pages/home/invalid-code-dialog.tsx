import { BlockingDialog } from '../../components/dialogs/lazy-blocking-dialog';

/** docs/spec.md §8: no footer, not dismissible. */
export function InvalidCodeDialog() {
  return (
    <BlockingDialog
      title="Invalid registration code"
      description="Your registration code is invalid or may have already been used."
    />
  );
}
