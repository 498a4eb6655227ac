import type { ReactNode } from 'react';
import { Box, Card, Container, Heading, Text } from '@chakra-ui/react';

/** The centred card the sign-up and sign-in forms sit in. */
export function AuthCard({
  title,
  subtitle,
  children,
  maxW = 'md',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxW?: string;
}) {
  return (
    <Box bg="bg.muted" py={{ base: '8', md: '16' }} minH="70vh">
      <Container maxW={maxW} px={{ base: '4', sm: '6' }}>
        <Card.Root variant="elevated" bg="bg.panel" size={{ base: 'md', md: 'lg' }}>
          <Card.Header>
            <Heading as="h1" size="2xl" letterSpacing="tight">
              {title}
            </Heading>
            {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
          </Card.Header>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
      </Container>
    </Box>
  );
}
