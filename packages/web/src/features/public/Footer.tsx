import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Container, Field, Flex, Grid, Heading, Input, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { BrandLogo } from '../../components/ui/brand-logo';
import { LanguageMenu } from '../../components/ui/preference-menus';
import { StaticContent } from '../../components/ui/static-content';
import { toaster } from '../../components/ui/toaster';
import { useLocale, useLocalePath } from '../../i18n/hooks';
import { errorMessage } from '../../lib/errors';
import { useHydrated } from '../../lib/hydration';
import { trpc } from '../../lib/trpc';
import { site } from '../../content/site';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The newsletter box: double opt-in. The server answers the same for every address and sends a
 * confirmation link; nothing is subscribed until that link is used.
 */
function NewsletterForm() {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const subscribe = trpc.newsletter.subscribe.useMutation();
  const locale = useLocale();
  // Asked on submit, not while rendering: a config already cached when another part of the page hydrates would
  // change that part's HTML (the referral terms) and break hydration.
  const utils = trpc.useUtils();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError(t`Enter a valid email address.`);
      return;
    }
    setError(null);
    try {
      const res = await subscribe.mutateAsync({ email: email.trim(), locale });
      setEmail('');
      // Without a mail server no confirmation link can arrive: the toast says so instead of "almost done".
      const config = await utils.site.config.fetch(undefined, { staleTime: 5 * 60_000 }).catch(() => null);
      const mailOff = config?.mailEnabled === false || res.message.startsWith('Mail is not being sent');
      toaster.create(
        mailOff
          ? {
              type: 'warning',
              title: t`No confirmation email will arrive`,
              description: t`Mail is not being sent on this installation, so you are not subscribed: the confirmation link waits until an administrator sets up mail.`,
              duration: 15_000,
            }
          : {
              type: 'success',
              title: t`Check your inbox to confirm`,
              description: t`If the address can receive our newsletter, a confirmation link is on its way. Nothing is subscribed until you open it.`,
              duration: 15_000,
            },
      );
    } catch (err) {
      setError(errorMessage(err, t`Could not subscribe. Please try again.`));
    }
  };

  return (
    <chakra.form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Field.Root invalid={error !== null}>
        <Field.Label color="gray.100">{i18n._(site.newsletter.title)}</Field.Label>
        <Text fontSize="sm" color="gray.400" mb="2">
          {i18n._(site.newsletter.text)}
        </Text>
        <Flex gap="2" w="full" direction={{ base: 'column', sm: 'row' }}>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            bg="gray.800"
            borderColor="gray.600"
            color="white"
            _placeholder={{ color: 'gray.400' }}
          />
          <Button type="submit" colorPalette="teal" flexShrink={0} loading={subscribe.isPending}>
            <Trans>Subscribe</Trans>
          </Button>
        </Flex>
        <Field.ErrorText color="red.300">{error}</Field.ErrorText>
      </Field.Root>
    </chakra.form>
  );
}

/** The copyright line. Pre-rendered HTML carries the build's year; the live page shows the current one. */
function Copyright() {
  const year = String(useHydrated() ? new Date().getFullYear() : __BUILD_YEAR__);
  return (
    <Text fontSize="sm" color="gray.400" mt="4">
      <Trans>© {year} Vestora. All rights reserved.</Trans>
    </Text>
  );
}

/** Public footer: brand, links, newsletter box, risk notice and the copyright line. */
export default function Footer() {
  const { t, i18n } = useLingui();
  const localePath = useLocalePath();
  return (
    // Not belowTheFold: a skipped subtree's transitions stand still, so the newsletter button would keep the half
    // opacity of the disabled-until-live fieldset (axe reads 3.65:1) until scrolled into view.
    <Box as="footer" bg="gray.900" color="gray.300" mt="auto">
      <Container maxW="7xl" py={{ base: '10', md: '14' }}>
        <Grid templateColumns={{ base: '1fr', md: '1.4fr 1fr 1.6fr' }} gap={{ base: '8', md: '12' }}>
          <Stack gap="3">
            <StaticContent>
              <BrandLogo inverted />
              <Text fontSize="sm" color="gray.400" maxW="sm">
                {i18n._(site.footer.blurb)}
              </Text>
            </StaticContent>
            {/* The footer is dark in both themes: the select takes the dark theme's colours (class "dark"). */}
            <Box alignSelf="start" className="dark" colorScheme="dark">
              <LanguageMenu />
            </Box>
          </Stack>
          <StaticContent>
            <Stack as="nav" aria-label={t`Footer`} gap="2">
              <Heading as="h2" size="sm" color="gray.100">
                <Trans>Company</Trans>
              </Heading>
              {site.footer.links.map((item) => (
                <Link key={item.to} asChild color="gray.300" width="fit-content" _hover={{ color: 'white' }}>
                  <RouterLink to={localePath(item.to)}>{i18n._(item.label)}</RouterLink>
                </Link>
              ))}
            </Stack>
          </StaticContent>
          <NewsletterForm />
        </Grid>
        <Box borderTopWidth="1px" borderColor="gray.700" mt="10" pt="6">
          <StaticContent>
            <Text fontSize="xs" color="gray.400" maxW="4xl">
              <Text as="strong" color="gray.200">
                {i18n._(site.riskNotice.title)}:
              </Text>{' '}
              {i18n._(site.riskNotice.text)}
            </Text>
          </StaticContent>
          <Copyright />
        </Box>
      </Container>
    </Box>
  );
}
