import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Button, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalePath } from '../../i18n/hooks';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';

const COPY = {
  confirm: {
    title: msg`Newsletter confirmation`,
    working: msg`Confirming your subscription...`,
    done: (email: string) => msg`${email} is subscribed. Every newsletter mail carries a link to unsubscribe.`,
    doneTitle: msg`Subscription confirmed`,
  },
  unsubscribe: {
    title: msg`Unsubscribe from the newsletter`,
    working: msg`Unsubscribing...`,
    done: (email: string) => msg`${email} will not receive the newsletter any more.`,
    doneTitle: msg`You are unsubscribed`,
  },
} as const;

/**
 * /newsletter/confirm and /newsletter/unsubscribe: the links in the newsletter mails. The token is sent once
 * (a confirmation link is single use), and the page shows what the server did.
 */
export default function NewsletterLinkPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const { i18n } = useLingui();
  const localePath = useLocalePath();
  const copy = COPY[action];
  const title = i18n._(copy.title);
  usePageTitle(title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = trpc.newsletter.confirm.useMutation();
  const unsubscribe = trpc.newsletter.unsubscribe.useMutation();
  const mutation = action === 'confirm' ? confirm : unsubscribe;
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    mutation.mutate({ token });
  }, [mutation, token]);

  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {!token ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>
              <Trans>This link is incomplete: open the link from the email again.</Trans>
            </Alert.Description>
          </Alert.Root>
        ) : mutation.isSuccess ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{i18n._(copy.doneTitle)}</Alert.Title>
              <Alert.Description>{i18n._(copy.done(mutation.data.email))}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : mutation.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{errorMessage(mutation.error)}</Alert.Description>
          </Alert.Root>
        ) : (
          <Stack direction="row" align="center" gap="3" role="status">
            <Spinner size="sm" />
            <Text>{i18n._(copy.working)}</Text>
          </Stack>
        )}
        <Button asChild colorPalette="teal" alignSelf="start">
          <RouterLink to={localePath('/')}>
            <Trans>Back to the home page</Trans>
          </RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
