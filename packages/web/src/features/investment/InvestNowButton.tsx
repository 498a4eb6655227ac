import { useId } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TPlan } from '@vestora/contract';
import { useLocalePath } from '../../i18n/hooks';
import { loginPathFor } from '../../lib/safe-next';
import { useSession } from '../../lib/session';
import { INVEST_PARAM, investBlockReason } from './invest-rules';

/**
 * A plan card's Invest Now: opens the invest dialog (`?invest=<planId>` on the current page); a visitor
 * goes to sign-in and comes back to the dialog; a plan not open for investing gets a disabled button and why.
 */
export function InvestNowButton({ plan }: { plan: TPlan }) {
  const { t } = useLingui();
  const reasonId = useId();
  const localePath = useLocalePath();
  const { user } = useSession();
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const reason = investBlockReason(plan);

  if (reason)
    return (
      <Stack gap="1" w="full">
        <Button colorPalette="teal" variant="solid" w="full" disabled aria-describedby={reasonId}>
          <Trans>Invest Now</Trans>
        </Button>
        <Text id={reasonId} fontSize="xs" color="fg.muted" textAlign="center">
          {reason}
        </Text>
      </Stack>
    );

  const planName = plan.investmentPlanName;
  const onClick = () => {
    if (!user) {
      void navigate(localePath(loginPathFor(`/dashboard/investments?${INVEST_PARAM}=${encodeURIComponent(plan.id)}`)));
      return;
    }
    setParams(
      (p) => {
        p.set(INVEST_PARAM, plan.id);
        return p;
      },
      { preventScrollReset: true },
    );
  };
  return (
    <Button colorPalette="teal" variant="solid" w="full" onClick={onClick} aria-label={t`Invest Now in ${planName}`}>
      <Trans>Invest Now</Trans>
    </Button>
  );
}
