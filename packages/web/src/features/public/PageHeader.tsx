import type { ReactNode } from 'react';
import { Box, Container, Heading, Text } from '@chakra-ui/react';

/** The banner at the top of the simple public pages (About, Contact, Privacy). */
export function PageHeader({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <Box bgGradient="to-br" gradientFrom="teal.900" gradientTo="gray.900" color="white">
      <Container maxW="7xl" py={{ base: '10', md: '16' }}>
        <Heading as="h1" fontSize={{ base: '3xl', md: '5xl' }} letterSpacing="tight">
          {title}
        </Heading>
        {intro ? (
          <Text mt="3" fontSize={{ base: 'md', md: 'lg' }} color="gray.300" maxW="3xl">
            {intro}
          </Text>
        ) : null}
        {children}
      </Container>
    </Box>
  );
}
