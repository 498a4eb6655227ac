import type { ReactNode } from 'react';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { Global } from '@emotion/react';
import { followSystemDarkCss, getSystem } from './theme';
import { Toaster } from './toaster';

let systemDark: Record<string, unknown> | undefined;
let pageSystem: SystemContext | undefined;

/**
 * A page pre-rendered at build time carries the design system's global CSS (reset, token variables, the dark
 * colours under `prefers-color-scheme`) in its <head>: main.tsx says so before React takes it over, and the
 * Provider then inserts none of it again (nor builds it: see lazyChakraGlobalCss in vite-plugins.ts). The app's
 * shell (index.html) has none and gets it inserted.
 */
export function keepGlobalCssOfPage(): void {
  pageSystem = Object.create(getSystem(), { _global: { value: [] } }) as SystemContext;
}

/** Chakra's design system (light and dark, following the system unless <html> says otherwise) plus the toaster. */
export function Provider({ children }: { children: ReactNode }) {
  if (pageSystem) {
    return (
      <ChakraProvider value={pageSystem}>
        {children}
        <Toaster />
      </ChakraProvider>
    );
  }
  systemDark ??= followSystemDarkCss(getSystem());
  return (
    <ChakraProvider value={getSystem()}>
      <Global styles={systemDark as never} />
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
