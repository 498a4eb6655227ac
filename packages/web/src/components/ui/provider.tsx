import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { followSystemDarkCss, getSystem } from './theme';
import { Toaster } from './toaster';

let systemDark: Record<string, unknown> | undefined;

/** Chakra's design system (light and dark, following the system unless <html> says otherwise) plus the toaster. */
export function Provider({ children }: { children: ReactNode }) {
  systemDark ??= followSystemDarkCss(getSystem());
  return (
    <ChakraProvider value={getSystem()}>
      <Global styles={systemDark as never} />
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
