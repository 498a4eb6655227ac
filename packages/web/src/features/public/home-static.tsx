import type { ComponentType } from 'react';
import { Box, Card, Container, Flex, HStack, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import {
  LuAward,
  LuBookOpen,
  LuChartLine,
  LuLandmark,
  LuLayers,
  LuLifeBuoy,
  LuQuote,
  LuShieldCheck,
  LuUsers,
  LuWallet,
} from 'react-icons/lu';
import { belowTheFold } from '../../components/ui/below-the-fold';
import { site, type Feature, type FeatureIcon } from '../../content/site';
import { FeatureCard, SectionHeading } from './home-parts';

/**
 * The home page's static content (never hydrated: see StaticContent) that HomePage.tsx loads only when it renders
 * afresh in the browser or at build time: a pre-rendered home page comes to life without this code.
 */

const featureIcons: Record<FeatureIcon, ComponentType> = {
  plans: LuLayers,
  market: LuChartLine,
  ledger: LuBookOpen,
  deposit: LuLandmark,
  withdraw: LuWallet,
  security: LuShieldCheck,
  referral: LuUsers,
  rewards: LuAward,
  support: LuLifeBuoy,
};

/** A feature's card as built (every feature but the referral one, whose terms come from the server). */
export function StaticFeatureCard({ feature }: { feature: Feature }) {
  return <FeatureCard feature={feature} icon={featureIcons[feature.icon]} />;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0])
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join('')
    .toUpperCase();

export function Testimonials() {
  const { i18n } = useLingui();
  const { testimonialsSection } = site;
  return (
    <Box as="section" aria-labelledby="testimonials-title" py={{ base: '14', md: '20' }} {...belowTheFold('1200px')}>
      <Container maxW="7xl">
        <SectionHeading
          id="testimonials-title"
          title={i18n._(testimonialsSection.title)}
          subtitle={i18n._(testimonialsSection.subtitle)}
        />
        <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="5">
          {testimonialsSection.items.map((item) => {
            const name = i18n._(item.name);
            return (
              <Card.Root key={item.name.id} as="figure" variant="elevated" size="sm">
                <Card.Body gap="4">
                  <Icon as={LuQuote} boxSize="6" color="teal.500" aria-hidden />
                  <Text as="blockquote" color="fg.muted" flex="1">
                    “{i18n._(item.quote)}”
                  </Text>
                  <HStack as="figcaption" gap="3">
                    <Flex
                      aria-hidden
                      boxSize="9"
                      rounded="full"
                      bg="teal.muted"
                      color="teal.fg"
                      fontSize="sm"
                      fontWeight="bold"
                      align="center"
                      justify="center"
                      flexShrink={0}
                    >
                      {initials(name)}
                    </Flex>
                    <Box>
                      <Text fontWeight="semibold" fontSize="sm">
                        {name}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {i18n._(item.location)}
                      </Text>
                    </Box>
                  </HStack>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
