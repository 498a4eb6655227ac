import { Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/page-title';
import { AdminOverviewLink } from '../dashboard/AdminOverviewLink';
import { PageIntro } from '../dashboard/PageIntro';
import { MemberStart } from '../investment/MemberStart';
import { MyInvestments } from '../investment/MyInvestments';
import { NOT_CRYPTO } from '../investment/invest-rules';
import PlanList from './PlanList';

/**
 * Dashboard index and /dashboard/investments: the user's positions, then the plans (admin controls for admins).
 * On the index (`home`) a member first sees where they stand: a checklist until they invest, then a summary.
 */
export default function InvestmentsPage({ home = false }: { home?: boolean }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Investments`);
  return (
    <Stack gap="8">
      <PageIntro title={t`Investments`}>
        <Trans>
          Each plan pays a fixed rate for its whole term, on its payout schedule, and returns the principal at maturity.
          The interest is paid by Vestora, so it is only as safe as Vestora itself.
        </Trans>
      </PageIntro>
      <AdminOverviewLink />
      {home ? <MemberStart /> : null}
      <MyInvestments />
      <Stack as="section" aria-labelledby="plans-title" gap="4">
        <Stack gap="1">
          <Heading as="h2" id="plans-title" size="xl">
            <Trans>Investment Plans</Trans>
          </Heading>
          <Text color="fg.muted">{i18n._(NOT_CRYPTO)}</Text>
        </Stack>
        <PlanList showAdminControls />
      </Stack>
    </Stack>
  );
}
