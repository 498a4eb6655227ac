import { createToaster } from '@chakra-ui/react';

/**
 * The app's one toaster: `toaster.create({ type: 'success', title: '...' })` from anywhere. Its own file so
 * the lazily loaded renderer (toaster-view.tsx) and the mount point (toaster.tsx) both read it without
 * importing each other.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  pauseOnPageIdle: true,
  max: 4,
});
