import { Alert } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ResendVerificationButton } from '../settings/EmailSection';

/** Tells an unverified user, while mail is delivered, why withdrawals are refused and how to fix it. */
export function VerifyEmailNotice() {
  const { user } = useSession();
  const policy = trpc.user.emailPolicy.useQuery(undefined, {
    staleTime: Infinity,
    enabled: !!user && !user.emailVerified,
  });
  if (!user || user.emailVerified || !policy.data?.withdrawalNeedsVerifiedEmail) return null;
  const email = user.email;
  return (
    <Alert.Root status="warning" mb="6" alignItems="center" role="status">
      <Alert.Indicator />
      <Alert.Content flex="1">
        <Alert.Title>
          <Trans>Verify your email address</Trans>
        </Alert.Title>
        <Alert.Description>
          <Trans>
            You can deposit and invest, but withdrawals need a verified address. Open the link we sent to {email}.
          </Trans>
        </Alert.Description>
      </Alert.Content>
      <ResendVerificationButton />
    </Alert.Root>
  );
}
