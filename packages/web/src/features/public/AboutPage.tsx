import { Link as RouterLink } from 'react-router-dom';
import { Accordion, Box, Button, Container, Grid, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { site } from '../../content/site';
import { usePageTitle } from '../../lib/page-title';
import { PageHeader } from './PageHeader';
import { useSiteFigures } from './figures';

/** About Vestora: what it is, the founding story, the figures and the FAQ. */
export default function AboutPage() {
  const { about, riskNotice } = site;
  const figures = useSiteFigures();
  usePageTitle('About');
  return (
    <>
      <PageHeader title={about.title} intro={about.intro} />
      <Container maxW="7xl" py={{ base: '10', md: '16' }}>
        <Grid templateColumns={{ base: '1fr', lg: '1.4fr 1fr' }} gap={{ base: '10', lg: '16' }}>
          <Stack gap="5">
            {about.paragraphs.map((p) => (
              <Text key={p} fontSize="lg" color="gray.700">
                {p}
              </Text>
            ))}
            <Heading as="h2" size="xl" mt="4">
              {about.story.title}
            </Heading>
            {about.story.paragraphs.map((p) => (
              <Text key={p} color="gray.700">
                {p}
              </Text>
            ))}
          </Stack>
          <Box bg="white" borderWidth="1px" rounded="xl" p="6" alignSelf="start">
            <SimpleGrid as="dl" columns={{ base: 1, sm: 3, lg: 1 }} gap="5">
              {figures.map((figure) => (
                <Stack key={figure.label} gap="0" direction="column-reverse">
                  <Text as="dt" color="gray.600">
                    {figure.label}
                  </Text>
                  <Text as="dd" fontSize="3xl" fontWeight="bold" color="teal.700">
                    {figure.value}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Box>
        </Grid>

        <Box as="section" aria-labelledby="faq-title" mt={{ base: '12', md: '16' }} maxW="3xl">
          <Heading as="h2" id="faq-title" size="2xl" mb="4">
            {about.faqTitle}
          </Heading>
          <Accordion.Root collapsible variant="enclosed" bg="white">
            {about.faq.map((item) => (
              <Accordion.Item key={item.question} value={item.question}>
                <Accordion.ItemTrigger fontWeight="semibold" py="4" cursor="pointer">
                  <Text as="span" flex="1">
                    {item.question}
                  </Text>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody color="gray.700">{item.answer}</Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </Box>

        <Box mt="12" p="6" bg="white" borderWidth="1px" rounded="xl" maxW="3xl">
          <Text fontSize="sm" color="gray.600">
            <Text as="strong">{riskNotice.title}:</Text> {riskNotice.text}
          </Text>
          <Button asChild colorPalette="teal" mt="4">
            <RouterLink to="/create-account">Create your account</RouterLink>
          </Button>
        </Box>
      </Container>
    </>
  );
}
