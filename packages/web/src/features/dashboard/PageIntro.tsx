import type { ReactNode } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';

/** A dashboard page's h1 with the sentence under it that says what the page is for. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap="1">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      {children ? <Text color="fg.muted">{children}</Text> : null}
    </Stack>
  );
}
