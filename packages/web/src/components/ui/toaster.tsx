import { Suspense, lazy, useEffect, useState } from 'react';
import { withAppTheme } from './theme';
import { toaster } from './toaster-store';

export { toaster };

// The toast renderer (and its state machine) is downloaded when the first toast is created,
// not with every page: most visits never show one.
const ToasterView = lazy(() => withAppTheme(import('./toaster-view')));

/** Renders the toasts; mounted once by the Provider. */
export function Toaster() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (active) return undefined;
    if (toaster.getVisibleToasts().length > 0) {
      setActive(true);
      return undefined;
    }
    return toaster.subscribe(() => setActive(true));
  }, [active]);
  return active ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
