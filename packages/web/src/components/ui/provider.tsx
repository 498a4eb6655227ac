import type { ReactNode } from 'react';
import { ChakraProvider } from '@chakra-ui/react';
import { getSystem } from './theme';
import { Toaster } from './toaster';

/** Chakra's design system plus the toaster. Light theme only (no colour-mode switch in the product). */
export function Provider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={getSystem()}>
      {children}
      <Toaster />
    </ChakraProvider>
  );
}
