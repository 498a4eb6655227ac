import { createToaster } from '@chakra-ui/react';

/**
 * The app's one toaster (Chakra's store and its state machine). Loaded with the first toast, by toaster-store.ts
 * and the renderer (toaster-view.tsx): most visits never show one.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  pauseOnPageIdle: true,
  max: 4,
});
