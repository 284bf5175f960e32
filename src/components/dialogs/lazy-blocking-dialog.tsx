import { lazy, Suspense, type ComponentProps } from 'react';

// Radix Dialog and its focus, scroll and layer helpers are loaded only when a dialog opens: most customers,
// arriving with a valid code, never see one.
const BlockingDialogImpl = lazy(() => import('./blocking-dialog').then((m) => ({ default: m.BlockingDialog })));

export function BlockingDialog(props: ComponentProps<typeof BlockingDialogImpl>) {
  return (
    <Suspense fallback={null}>
      <BlockingDialogImpl {...props} />
    </Suspense>
  );
}
