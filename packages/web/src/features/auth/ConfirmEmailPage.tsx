import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';

/** /confirm-email?token=…: where verification and email-change links land; uses the link once and says what it did. */
export default function ConfirmEmailPage() {
  const { t } = useLingui();
  usePageTitle(t`Confirm your email`);
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
  const email = confirm.data?.email ?? '';

  return (
    <AuthCard title={t`Confirm your email`}>
      {!token ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Description>
            <Trans>This page needs the link from the email we sent you.</Trans>
          </Alert.Description>
        </Alert.Root>
      ) : confirm.isSuccess ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {confirm.data.outcome === 'changed' ? (
                <Trans>Your email address is now {email}</Trans>
              ) : (
                <Trans>{email} is verified</Trans>
              )}
            </Alert.Title>
            <Alert.Description>
              {confirm.data.outcome === 'changed' ? (
                <Trans>Sign in with the new address from now on.</Trans>
              ) : (
                <Trans>Thank you.</Trans>
              )}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : confirm.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title color="fg.error">{errorMessage(confirm.error, t`Could not confirm the address`)}</Alert.Title>
        </Alert.Root>
      ) : (
        <PageLoader label={t`Confirming...`} />
      )}
      {confirm.isSuccess || confirm.isError ? (
        <Button asChild colorPalette="teal" mt="4">
          <RouterLink to="/dashboard">
            <Trans>Go to my dashboard</Trans>
          </RouterLink>
        </Button>
      ) : null}
    </AuthCard>
  );
}
