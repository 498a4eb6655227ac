import { Box, Container, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocale } from '../../i18n/hooks';
import { usePageTitle } from '../../lib/page-title';
import { PageHeader } from './PageHeader';
import { pages } from '../../content/pages';
import type { TextSection } from '../../content/site';

function Sections({ sections }: { sections: TextSection[] }) {
  return (
    <Stack gap="8">
      {sections.map((section) => (
        <Box as="section" key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
          <Heading as="h3" id={`${section.id}-title`} size="lg" mb="2">
            {section.title}
          </Heading>
          <Stack gap="3">
            {section.paragraphs.map((p) => (
              <Text key={p} color="fg.muted">
                {p}
              </Text>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** The privacy notice and the terms of use, with an in-page table of contents on wide screens. */
export default function PrivacyPage() {
  const { t } = useLingui();
  const english = useLocale() === 'en';
  const { privacy, terms } = pages;
  const lastUpdated = privacy.lastUpdated;
  usePageTitle(t`Privacy and terms`);
  return (
    <>
      {/* The legal text itself is in English (it is the version that applies); the page says so in the reader's language. */}
      <PageHeader
        title={t`Privacy and terms`}
        intro={
          <span lang="en" dir="ltr">
            {privacy.intro}
          </span>
        }
      >
        <Text mt="4" fontSize="sm" color="teal.100">
          <Trans>Last updated: {lastUpdated}</Trans>
        </Text>
        {english ? null : (
          <Text mt="3" fontSize="sm" color="gray.200" maxW="3xl" data-testid="legal-english-note">
            <Trans>
              The privacy notice and terms of use are available in English only. The English text is the one that
              applies.
            </Trans>
          </Text>
        )}
      </PageHeader>
      <Container maxW="7xl" py={{ base: '10', md: '16' }}>
        <Grid templateColumns={{ base: '1fr', lg: '16rem 1fr' }} gap={{ base: '8', lg: '12' }}>
          <Box as="nav" aria-label={t`On this page`} display={{ base: 'none', lg: 'block' }}>
            <Stack gap="1" position="sticky" top="24" fontSize="sm" lang="en" dir="ltr">
              <Text fontWeight="semibold" mb="1">
                {privacy.title}
              </Text>
              {privacy.sections.map((s) => (
                <Link key={s.id} href={`#${s.id}`} color="fg.muted">
                  {s.title}
                </Link>
              ))}
              <Text fontWeight="semibold" mt="4" mb="1">
                {terms.title}
              </Text>
              {terms.sections.map((s) => (
                <Link key={s.id} href={`#${s.id}`} color="fg.muted">
                  {s.title}
                </Link>
              ))}
            </Stack>
          </Box>
          {/* English inside a right-to-left page is laid out left to right (its own direction). */}
          <Stack gap="14" maxW="3xl" lang="en" dir="ltr" data-testid="legal-text">
            <Box
              as="section"
              aria-labelledby="privacy-title"
              bg="bg.panel"
              borderWidth="1px"
              rounded="xl"
              p={{ base: '5', md: '8' }}
            >
              <Heading as="h2" id="privacy-title" size="2xl" mb="1">
                {privacy.title}
              </Heading>
              <Text fontSize="sm" color="fg.muted" mb="6">
                Last updated {privacy.lastUpdated}
              </Text>
              <Sections sections={privacy.sections} />
            </Box>
            <Box
              as="section"
              aria-labelledby="terms-title"
              bg="bg.panel"
              borderWidth="1px"
              rounded="xl"
              p={{ base: '5', md: '8' }}
            >
              <Heading as="h2" id="terms-title" size="2xl" mb="2">
                {terms.title}
              </Heading>
              <Text color="fg.muted" mb="6">
                {terms.intro}
              </Text>
              <Sections sections={terms.sections} />
            </Box>
          </Stack>
        </Grid>
      </Container>
    </>
  );
}
