import { Link as RouterLink } from 'react-router-dom';
import { Accordion, Box, Button, Container, Grid, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalePath } from '../../i18n/hooks';
import { usePageTitle } from '../../lib/page-title';
import { useSiteSettings } from '../../lib/site-hooks';
import { PageHeader } from './PageHeader';
import { useSiteFigures } from './figures';
import { pages } from '../../content/pages';
import { site } from '../../content/site';
import { formatDay } from '../../lib/format';

/**
 * The operator's facts an admin set on the Site settings page (company, registration, licence, address, launch
 * date). Nothing is shown while none is set: the page states no fact the product cannot back.
 */
function OperatorFacts() {
  const { t, i18n } = useLingui();
  const settings = useSiteSettings();
  if (!settings) return null;
  const facts = [
    { label: t`Company`, value: settings.companyName },
    { label: t`Registration`, value: settings.registration },
    { label: t`Licence`, value: settings.licence },
    { label: t`Address`, value: settings.address },
    { label: t`Launched`, value: settings.launchDate ? formatDay(settings.launchDate) : null },
  ].filter((f): f is { label: string; value: string } => !!f.value);
  if (facts.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="operator-title">
      <Heading as="h2" id="operator-title" size="xl" mt="4" mb="3">
        {i18n._(pages.about.operatorTitle)}
      </Heading>
      <Stack as="dl" gap="2" data-testid="operator-facts">
        {facts.map((f) => (
          <Box key={f.label}>
            <Text as="dt" fontWeight="semibold">
              {f.label}
            </Text>
            <Text as="dd" color="fg.muted" whiteSpace="pre-line" dir="auto">
              {f.value}
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** About Vestora: what it is, who runs it (when set), the figures (when they mean something) and the FAQ. */
export default function AboutPage() {
  const { t, i18n } = useLingui();
  const localePath = useLocalePath();
  const { about } = pages;
  const { riskNotice } = site;
  const figures = useSiteFigures();
  usePageTitle(t`About`);
  return (
    <>
      <PageHeader title={i18n._(about.title)} intro={i18n._(about.intro)} />
      <Container maxW="7xl" py={{ base: '10', md: '16' }}>
        <Grid templateColumns={{ base: '1fr', lg: '1.4fr 1fr' }} gap={{ base: '10', lg: '16' }}>
          <Stack gap="5">
            {about.paragraphs.map((p) => (
              <Text key={p.id} fontSize="lg" color="fg.muted">
                {i18n._(p)}
              </Text>
            ))}
            <OperatorFacts />
          </Stack>
          <Box
            bg="bg.panel"
            borderWidth="1px"
            rounded="xl"
            p="6"
            alignSelf="start"
            display={figures.length === 0 ? 'none' : undefined}
          >
            <SimpleGrid as="dl" columns={{ base: 1, sm: 3, lg: 1 }} gap="5">
              {figures.map((figure) => (
                <Stack key={figure.label} gap="0" direction="column-reverse">
                  <Text as="dt" color="fg.muted">
                    {figure.label}
                  </Text>
                  <Text as="dd" fontSize="3xl" fontWeight="bold" color="teal.fg">
                    {figure.value}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Box>
        </Grid>

        <Box as="section" aria-labelledby="faq-title" mt={{ base: '12', md: '16' }} maxW="3xl">
          <Heading as="h2" id="faq-title" size="2xl" mb="4">
            {i18n._(about.faqTitle)}
          </Heading>
          <Accordion.Root collapsible variant="enclosed" bg="bg.panel">
            {about.faq.map((item) => (
              <Accordion.Item key={item.question.id} value={item.question.id}>
                <Accordion.ItemTrigger fontWeight="semibold" py="4" cursor="pointer">
                  <Text as="span" flex="1">
                    {i18n._(item.question)}
                  </Text>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody color="fg.muted">{i18n._(item.answer)}</Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </Box>

        <Box mt="12" p="6" bg="bg.panel" borderWidth="1px" rounded="xl" maxW="3xl">
          <Text fontSize="sm" color="fg.muted">
            <Text as="strong">{i18n._(riskNotice.title)}:</Text> {i18n._(riskNotice.text)}
          </Text>
          <Button asChild colorPalette="teal" mt="4">
            <RouterLink to={localePath('/create-account')}>
              <Trans>Create your account</Trans>
            </RouterLink>
          </Button>
        </Box>
      </Container>
    </>
  );
}
