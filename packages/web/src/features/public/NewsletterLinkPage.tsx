import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Button, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';

const COPY = {
  confirm: {
    title: 'Newsletter confirmation',
    working: 'Confirming your subscription...',
    done: (email: string) => `${email} is subscribed. Every newsletter mail carries a link to unsubscribe.`,
    doneTitle: 'Subscription confirmed',
  },
  unsubscribe: {
    title: 'Unsubscribe from the newsletter',
    working: 'Unsubscribing...',
    done: (email: string) => `${email} will not receive the newsletter any more.`,
    doneTitle: 'You are unsubscribed',
  },
} as const;

/**
 * /newsletter/confirm and /newsletter/unsubscribe: the links in the newsletter mails. The token is sent once
 * (a confirmation link is single use), and the page shows what the server did.
 */
export default function NewsletterLinkPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  const copy = COPY[action];
  usePageTitle(copy.title);
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
          {copy.title}
        </Heading>
        {!token ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>This link is incomplete: open the link from the email again.</Alert.Description>
          </Alert.Root>
        ) : mutation.isSuccess ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{copy.doneTitle}</Alert.Title>
              <Alert.Description>{copy.done(mutation.data.email)}</Alert.Description>
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
            <Text>{copy.working}</Text>
          </Stack>
        )}
        <Button asChild colorPalette="teal" alignSelf="start">
          <RouterLink to="/">Back to the home page</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
