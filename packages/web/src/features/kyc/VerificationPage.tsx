import { Alert, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { PageIntro } from '../dashboard/PageIntro';
import { KycItems } from './KycItems';
import { LimitsCard } from './LimitsCard';
import { TierForm } from './TierForm';
import { formPlan } from './kyc-plan';
import { useKycStatus, useMaxUploadMb } from './kyc-hooks';
import { tierWords } from './kyc-words';

/**
 * /dashboard/verification (#33): the member's identity tier, their withdrawal limits and what is used of them,
 * what the next tier needs, the state of each thing they sent, and the form that applies for the next tier.
 */
export default function VerificationPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Verification & limits`);
  const status = useKycStatus();
  const maxMb = useMaxUploadMb();
  const intro = (
    <PageIntro title={t`Verification & limits`}>
      <Trans>
        How much you can withdraw depends on how well we know you. Verify your identity to raise your limits.
      </Trans>
    </PageIntro>
  );
  if (status.isPending)
    return (
      <Stack gap="6" maxW="3xl">
        {intro}
        <PageLoader label={t`Loading your verification...`} />
      </Stack>
    );
  if (status.isError)
    return (
      <Stack gap="6" maxW="3xl">
        {intro}
        <ErrorState
          title={t`Could not load your verification`}
          description={errorMessage(status.error)}
          onRetry={() => void status.refetch()}
          retrying={status.isRefetching}
        />
      </Stack>
    );
  const s = status.data;
  const pending = s.pending;
  const pendingTier = pending ? i18n._(tierWords(pending.tier)) : '';
  const since = pending ? formatDateTime(pending.submittedAt) : '';
  return (
    <Stack gap="6" maxW="3xl">
      {intro}
      {pending ? (
        <Alert.Root status="info" role="status" data-testid="kyc-in-review">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>In review: {pendingTier}</Trans>
            </Alert.Title>
            <Alert.Description>
              <Trans>Sent {since}. Two administrators check every application; this page shows their decision.</Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {s.rejected ? (
        <Alert.Root status="error" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>Your application was refused</Trans>
            </Alert.Title>
            <Alert.Description>
              <Trans>This decision is final. Please contact support if you think it is a mistake.</Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      <LimitsCard status={s} />
      {formPlan(s) ? maxMb === undefined ? <PageLoader minH="8rem" /> : <TierForm status={s} maxMb={maxMb} /> : null}
      <KycItems items={s.items} />
    </Stack>
  );
}
