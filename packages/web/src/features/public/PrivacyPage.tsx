import { Box, Container, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { site, type TextSection } from '../../content/site';
import { usePageTitle } from '../../lib/page-title';
import { PageHeader } from './PageHeader';

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
              <Text key={p} color="gray.700">
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
  const { privacy, terms } = site;
  usePageTitle('Privacy and terms');
  return (
    <>
      <PageHeader title="Privacy and terms" intro={privacy.intro}>
        <Text mt="4" fontSize="sm" color="teal.100">
          Last updated: {privacy.lastUpdated}
        </Text>
      </PageHeader>
      <Container maxW="7xl" py={{ base: '10', md: '16' }}>
        <Grid templateColumns={{ base: '1fr', lg: '16rem 1fr' }} gap={{ base: '8', lg: '12' }}>
          <Box as="nav" aria-label="On this page" display={{ base: 'none', lg: 'block' }}>
            <Stack gap="1" position="sticky" top="24" fontSize="sm">
              <Text fontWeight="semibold" mb="1">
                {privacy.title}
              </Text>
              {privacy.sections.map((s) => (
                <Link key={s.id} href={`#${s.id}`} color="gray.600">
                  {s.title}
                </Link>
              ))}
              <Text fontWeight="semibold" mt="4" mb="1">
                {terms.title}
              </Text>
              {terms.sections.map((s) => (
                <Link key={s.id} href={`#${s.id}`} color="gray.600">
                  {s.title}
                </Link>
              ))}
            </Stack>
          </Box>
          <Stack gap="14" maxW="3xl">
            <Box
              as="section"
              aria-labelledby="privacy-title"
              bg="white"
              borderWidth="1px"
              rounded="xl"
              p={{ base: '5', md: '8' }}
            >
              <Heading as="h2" id="privacy-title" size="2xl" mb="1">
                {privacy.title}
              </Heading>
              <Text fontSize="sm" color="gray.500" mb="6">
                Last updated {privacy.lastUpdated}
              </Text>
              <Sections sections={privacy.sections} />
            </Box>
            <Box
              as="section"
              aria-labelledby="terms-title"
              bg="white"
              borderWidth="1px"
              rounded="xl"
              p={{ base: '5', md: '8' }}
            >
              <Heading as="h2" id="terms-title" size="2xl" mb="2">
                {terms.title}
              </Heading>
              <Text color="gray.700" mb="6">
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
