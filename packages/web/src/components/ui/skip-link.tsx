import { chakra } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/**
 * "Skip to main content": the first thing Tab reaches on every page, hidden until focused; it moves focus to
 * the page's `<main id="main" tabIndex={-1}>`, past the navigation.
 */
export function SkipLink() {
  return (
    <chakra.a
      href="#main"
      position="fixed"
      top="2"
      insetStart="2"
      zIndex="skipNav"
      px="4"
      py="2"
      rounded="md"
      bg="bg.panel"
      color="teal.fg"
      fontWeight="semibold"
      shadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none' }}
      _focus={{ transform: 'none' }}
    >
      <Trans>Skip to main content</Trans>
    </chakra.a>
  );
}
