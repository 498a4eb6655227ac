import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, HStack, Link, Skeleton, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuShieldCheck } from 'react-icons/lu';
import { limitWindows, mayWithdraw, money } from './kyc-limits';
import { useKycStatus } from './kyc-hooks';
import { tierWords } from './kyc-words';
import { VERIFICATION_PATH } from './kyc-paths';

/**
 * One line for the money pages (Deposit, Cashout, Trade): the member's tier and what they may still withdraw today
 * and in the 30 days, with a link to Verification & limits.
 */
export function TierLine() {
  const { t, i18n } = useLingui();
  const status = useKycStatus();
  if (status.isPending) return <Skeleton h="5" w="full" maxW="md" aria-hidden="true" />;
  // The page works without it (the server still checks every withdrawal): a failed load says so in a line.
  if (status.isError)
    return (
      <Text fontSize="sm" color="fg.muted">
        <Trans>
          Your limits could not be loaded.{' '}
          <Link asChild colorPalette="teal">
            <RouterLink to={VERIFICATION_PATH}>Verification & limits</RouterLink>
          </Link>
        </Trans>
      </Text>
    );
  const s = status.data;
  const tier = i18n._(tierWords(s.tier));
  const { daily, monthly } = limitWindows(s.limits);
  const today = money(daily.leftCents);
  const month = money(monthly.leftCents);
  return (
    <HStack gap="2" fontSize="sm" color="fg.muted" align="start" data-testid="kyc-tier-line">
      <Box as="span" flexShrink={0} mt="0.5">
        <LuShieldCheck aria-hidden="true" />
      </Box>
      <Text minW="0">
        <Text as="span" fontWeight="medium" color="fg">
          {tier}
        </Text>
        {' · '}
        {mayWithdraw(s.limits)
          ? t`Left to withdraw: ${today} today, ${month} in 30 days`
          : t`Withdrawals open once you verify your identity`}
        {' · '}
        <Link asChild colorPalette="teal">
          <RouterLink to={VERIFICATION_PATH}>{t`Verification & limits`}</RouterLink>
        </Link>
      </Text>
    </HStack>
  );
}

/**
 * The Cashout page's gate: while the member's tier may withdraw nothing, it says so and links to verification
 * instead of a form the server would refuse (`children`, the forms, show otherwise, and while the status is unknown).
 */
export function WithdrawalGate({ children }: { children: React.ReactNode }) {
  const status = useKycStatus();
  if (status.isPending) return <Skeleton h="48" rounded="l3" aria-hidden="true" />;
  if (status.data && !mayWithdraw(status.data.limits)) {
    const pending = status.data.pending !== null;
    return (
      <Alert.Root status="info" role="status" data-testid="kyc-cannot-withdraw" alignItems="start">
        <Alert.Indicator />
        <Alert.Content gap="2">
          <Alert.Title>
            <Trans>Verify your identity to withdraw</Trans>
          </Alert.Title>
          <Alert.Description>
            {pending ? (
              <Trans>
                Your tier cannot withdraw yet. Your application is in review: withdrawals open as soon as it is
                approved.
              </Trans>
            ) : (
              <Trans>
                Your tier cannot withdraw yet. Send your legal name, date of birth, address and an identity document;
                once approved you can withdraw up to your tier&apos;s limits.
              </Trans>
            )}
          </Alert.Description>
          <Button asChild size="sm" colorPalette="teal" alignSelf="start">
            <RouterLink to={VERIFICATION_PATH}>
              {pending ? <Trans>See your application</Trans> : <Trans>Verify your identity</Trans>}
            </RouterLink>
          </Button>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return <>{children}</>;
}
