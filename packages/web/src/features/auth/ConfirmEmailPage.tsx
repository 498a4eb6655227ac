import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Button } from '@chakra-ui/react';
import { PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';

/** /confirm-email?token=…: where verification and email-change links land; uses the link once and says what it did. */
export default function ConfirmEmailPage() {
  usePageTitle('Confirm your email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const utils = trpc.useUtils();
  const confirm = trpc.user.confirmEmail.useMutation({ onSuccess: () => utils.user.session.invalidate() });
  // A link works once: a second call (React's dev double effect) would report "already used".
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  return (
    <AuthCard title="Confirm your email">
      {!token ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>This page needs the link from the email we sent you.</Alert.Description>
        </Alert.Root>
      ) : confirm.isSuccess ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {confirm.data.outcome === 'changed'
                ? `Your email address is now ${confirm.data.email}`
                : `${confirm.data.email} is verified`}
            </Alert.Title>
            <Alert.Description>
              {confirm.data.outcome === 'changed' ? 'Sign in with the new address from now on.' : 'Thank you.'}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : confirm.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title color="red.700">{errorMessage(confirm.error, 'Could not confirm the address')}</Alert.Title>
        </Alert.Root>
      ) : (
        <PageLoader label="Confirming..." />
      )}
      {confirm.isSuccess || confirm.isError ? (
        <Button asChild colorPalette="teal" mt="4">
          <RouterLink to="/dashboard">Go to my dashboard</RouterLink>
        </Button>
      ) : null}
    </AuthCard>
  );
}
