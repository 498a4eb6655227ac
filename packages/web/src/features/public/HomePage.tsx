import { Suspense, lazy, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Container,
  Flex,
  Grid,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuArrowRight, LuPause, LuPlay, LuUsers } from 'react-icons/lu';
import { belowTheFold } from '../../components/ui/below-the-fold';
import { StaticContent, staticContent } from '../../components/ui/static-content';
import { useLocalePath } from '../../i18n/hooks';
import { usePageTitle } from '../../lib/page-title';
import { useSiteConfig } from '../../lib/site-hooks';
import TopCoins from '../market/TopCoins';
import PlanList from '../plans/PlanList';
import { useReferralTerms } from '../referral/terms';
import { useSiteFigures } from './figures';
import { site } from '../../content/site';
import { FeatureCard, SectionHeading } from './home-parts';

/** Spec section 9: the hero highlights rotate every 3000 ms. */
export const HIGHLIGHT_INTERVAL_MS = 3000;

/** The three highlights, one at a time, advancing every 3 s; the dots jump to one. */
function RotatingHighlights() {
  const { t, i18n } = useLingui();
  const [index, setIndex] = useState(0);
  // A pause control (WCAG 2.2.2): moving content someone is reading can be stopped.
  const [paused, setPaused] = useState(false);
  const items = site.highlights;

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % items.length), HIGHLIGHT_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [items.length, index, paused]); // restarting on index change gives a full 3 s after a dot click

  const current = items[index] ?? items[0];
  const position = index + 1;
  const count = items.length;
  return (
    <Box
      bg="whiteAlpha.100"
      borderWidth="1px"
      borderColor="whiteAlpha.300"
      rounded="2xl"
      p={{ base: '5', md: '7' }}
      backdropFilter="blur(6px)"
      role="region"
      aria-roledescription="carousel"
      aria-label={t`Highlights`}
    >
      <Text fontSize="xs" textTransform="uppercase" letterSpacing="wider" color="teal.200" fontWeight="semibold">
        <Trans>
          Highlight {position} of {count}
        </Trans>
      </Text>
      {/* key restarts the fade-in for each highlight */}
      <Box
        key={index}
        minH={{ base: '7.5rem', md: '8rem' }}
        mt="3"
        animation="fade-in 0.5s ease-out"
        data-testid="highlight"
      >
        {/* h2: the hero's h1 is the only heading above it (an h3 here would skip a level). */}
        <Heading as="h2" size="xl" color="white">
          {i18n._(current.title)}
        </Heading>
        <Text color="gray.200" mt="2">
          {i18n._(current.text)}
        </Text>
      </Box>
      <HStack gap="0" mt="4">
        {items.map((item, i) => {
          const number = i + 1;
          const title = i18n._(item.title);
          return (
            // A 24 px target (WCAG 2.5.8) around the 10 px dot it shows; the row stays as tall as the dots.
            <chakra.button
              key={item.title.id}
              type="button"
              aria-label={t`Show highlight ${number}: ${title}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
              minW="6"
              h="6"
              my="-7px"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              rounded="full"
              cursor="pointer"
              _before={{
                content: '""',
                h: '2.5',
                w: i === index ? '8' : '2.5',
                rounded: 'full',
                bg: i === index ? 'teal.300' : 'whiteAlpha.500',
                transition: 'all 0.3s',
              }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'white', outlineOffset: '2px' }}
            />
          );
        })}
        <chakra.button
          type="button"
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? t`Play the highlights` : t`Pause the highlights`}
          ms="2"
          p="1"
          rounded="full"
          color="white"
          cursor="pointer"
          display="inline-flex"
          _hover={{ bg: 'whiteAlpha.200' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'white', outlineOffset: '2px' }}
        >
          {paused ? <LuPlay aria-hidden /> : <LuPause aria-hidden />}
        </chakra.button>
      </HStack>
    </Box>
  );
}

function Hero() {
  const { i18n } = useLingui();
  const localePath = useLocalePath();
  const { hero } = site;
  return (
    <Box
      as="section"
      aria-labelledby="hero-title"
      bgGradient="to-br"
      gradientFrom="teal.900"
      gradientVia="gray.900"
      gradientTo="gray.900"
      color="white"
    >
      <Container maxW="7xl" py={{ base: '14', md: '24' }}>
        <Grid templateColumns={{ base: '1fr', lg: '1.2fr 1fr' }} gap={{ base: '10', lg: '16' }} alignItems="center">
          <StaticContent>
            <Stack gap="6">
              <Text
                color="teal.200"
                fontWeight="semibold"
                fontSize="sm"
                textTransform="uppercase"
                letterSpacing="wider"
              >
                {i18n._(hero.eyebrow)}
              </Text>
              <Heading
                as="h1"
                id="hero-title"
                fontSize={{ base: '4xl', md: '5xl', lg: '6xl' }}
                lineHeight="1.1"
                letterSpacing="tight"
              >
                {i18n._(hero.title)}
              </Heading>
              <Text fontSize={{ base: 'md', md: 'lg' }} color="gray.300" maxW="2xl">
                {i18n._(hero.subtitle)}
              </Text>
              <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
                <Button asChild size="lg" colorPalette="teal">
                  <RouterLink to={localePath('/create-account')}>
                    {i18n._(hero.primaryCta)} <Box as={LuArrowRight} _rtl={{ transform: 'scaleX(-1)' }} />
                  </RouterLink>
                </Button>
                <Button
                  asChild
                  size="lg"
                  variant="outline"
                  color="white"
                  borderColor="whiteAlpha.600"
                  _hover={{ bg: 'whiteAlpha.200' }}
                >
                  <RouterLink to={localePath('/login')}>{i18n._(hero.secondaryCta)}</RouterLink>
                </Button>
              </Flex>
            </Stack>
          </StaticContent>
          <RotatingHighlights />
        </Grid>
      </Container>
    </Box>
  );
}

const RiskNotice = staticContent(function RiskNotice() {
  const { i18n } = useLingui();
  return (
    <Alert.Root status="info" variant="subtle" rounded="lg" mt="6">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{i18n._(site.riskNotice.title)}</Alert.Title>
        <Alert.Description>{i18n._(site.riskNotice.text)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
});

function Features() {
  const { i18n } = useLingui();
  const { featuresSection } = site;
  const terms = useReferralTerms(useSiteConfig());
  const percent = terms?.percent ?? '';
  const max = terms?.max ?? '';
  return (
    <Box
      as="section"
      aria-labelledby="features-title"
      bg="bg.panel"
      py={{ base: '14', md: '20' }}
      {...belowTheFold('1600px')}
    >
      <Container maxW="7xl">
        <SectionHeading
          id="features-title"
          title={i18n._(featuresSection.title)}
          subtitle={i18n._(featuresSection.subtitle)}
        />
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
          {featuresSection.items.map((feature) =>
            // Only the referral card changes (its terms come from the server): the others stay as built.
            feature.icon === 'referral' ? (
              <FeatureCard key={feature.icon} feature={feature} icon={LuUsers}>
                {terms ? (
                  <>
                    {' '}
                    <Trans>
                      The reward is {percent}, at most {max}.
                    </Trans>
                  </>
                ) : null}
              </FeatureCard>
            ) : (
              <StaticContent key={feature.icon}>
                <Suspense fallback={null}>
                  <StaticFeatureCard feature={feature} />
                </Suspense>
              </StaticContent>
            ),
          )}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

// Never hydrated (static content): their code loads only when the page renders afresh (routes.tsx loads it with the
// page then) or at build time.
const Testimonials = lazy(() => import('./home-static').then((m) => ({ default: m.Testimonials })));
const StaticFeatureCard = lazy(() => import('./home-static').then((m) => ({ default: m.StaticFeatureCard })));

/**
 * Figures counted from the data by the server (`overview.home`), never written by hand; a figure that would
 * read 0 is left out, and the section with it when none is left (a fresh site says nothing rather than "0").
 */
function Figures() {
  const { i18n } = useLingui();
  const { figuresSection } = site;
  const figures = useSiteFigures();
  if (figures.length === 0) return null;
  return (
    <Box
      as="section"
      aria-labelledby="figures-title"
      bg="teal.700"
      color="white"
      py={{ base: '12', md: '16' }}
      {...belowTheFold('400px')}
    >
      <Container maxW="7xl">
        <Heading as="h2" id="figures-title" size="xl" textAlign="center" mb="8">
          {i18n._(figuresSection.title)}
        </Heading>
        <SimpleGrid as="dl" columns={{ base: 1, sm: figures.length }} gap="8" textAlign="center">
          {figures.map((figure) => (
            <Stack key={figure.stat} gap="1" direction="column-reverse">
              <Text as="dt" color="teal.100" fontSize="md">
                {figure.label}
              </Text>
              <Text
                as="dd"
                fontSize={{ base: '4xl', md: '5xl' }}
                fontWeight="bold"
                letterSpacing="tight"
                data-testid={`home-figure-${figure.stat}`}
              >
                {figure.value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** The landing page: hero and highlights, plans, top coins, features, testimonials, figures. */
export default function HomePage() {
  const { i18n } = useLingui();
  usePageTitle(undefined);
  return (
    <>
      <Hero />
      <Box as="section" aria-labelledby="plans-title" py={{ base: '14', md: '20' }} {...belowTheFold('1800px')}>
        <Container maxW="7xl">
          <SectionHeading
            id="plans-title"
            title={i18n._(site.plansSection.title)}
            subtitle={i18n._(site.plansSection.subtitle)}
          />
          <PlanList />
          <RiskNotice />
        </Container>
      </Box>
      <Box
        as="section"
        aria-label={i18n._(site.coinsSection.title)}
        bg="bg.muted"
        py={{ base: '14', md: '20' }}
        {...belowTheFold('2000px')}
      >
        <Container maxW="7xl">
          <TopCoins />
        </Container>
      </Box>
      <Features />
      <StaticContent>
        <Suspense fallback={null}>
          <Testimonials />
        </Suspense>
      </StaticContent>
      <Figures />
    </>
  );
}
