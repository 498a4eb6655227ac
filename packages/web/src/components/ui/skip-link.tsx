import { chakra } from '@chakra-ui/react';

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
      left="2"
      zIndex="skipNav"
      px="4"
      py="2"
      rounded="md"
      bg="white"
      color="teal.800"
      fontWeight="semibold"
      shadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none' }}
      _focus={{ transform: 'none' }}
    >
      Skip to main content
    </chakra.a>
  );
}
