import type { ComponentType, ReactNode } from 'react';
import { Card, Flex, Heading, Icon, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { staticContent } from '../../components/ui/static-content';
import type { Feature } from '../../content/site';

/** Pieces of the home page that HomePage.tsx and home-static.tsx both use. */

export const SectionHeading = staticContent(function SectionHeading({
  title,
  subtitle,
  id,
}: {
  title: string;
  subtitle?: string;
  id?: string;
}) {
  return (
    <Stack gap="2" mb={{ base: '6', md: '8' }} maxW="3xl">
      <Heading as="h2" id={id} size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
        {title}
      </Heading>
      {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
    </Stack>
  );
});

/** A feature's card: its icon, title and text (and what `children` add to the text). */
export function FeatureCard({
  feature,
  icon,
  children,
}: {
  feature: Feature;
  icon: ComponentType;
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body gap="3">
        <Flex w="10" h="10" rounded="lg" bg="teal.subtle" color="teal.fg" align="center" justify="center">
          <Icon as={icon} boxSize="5" aria-hidden />
        </Flex>
        <Heading as="h3" size="md">
          {i18n._(feature.title)}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {i18n._(feature.text)}
          {children}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
