import { Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../lib/session';
import { WithdrawalForm } from './WithdrawalForm';
import { BitcoinWithdrawalForm } from './BitcoinWithdrawalForm';
import { WithdrawalHistory } from './WithdrawalHistory';
import { PageIntro } from '../dashboard/PageIntro';
import { TierLine, WithdrawalGate } from '../kyc/TierLine';

/**
 * /dashboard/cashout: request a withdrawal (funds are held at once) and follow or cancel pending ones; the member's
 * tier and what it leaves today and in 30 days (#33).
 */
export default function WithdrawalPage() {
  const { t } = useLingui();
  const { user } = useSession();
  return (
    <Stack gap="6">
      <PageIntro title={t`Cashout`}>
        <Trans>
          Request a withdrawal from your balance. The amount is put on hold immediately and paid out after review.
        </Trans>
      </PageIntro>
      <TierLine />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        {/* #33: a tier that may withdraw nothing is told how to verify instead of filling a form the server refuses. */}
        <WithdrawalGate>
          <Stack gap="6">
            <WithdrawalForm balance={user?.balance} />
            <BitcoinWithdrawalForm />
          </Stack>
        </WithdrawalGate>
        <Card.Root>
          <Card.Body>
            <Stack gap="3" fontSize="sm" color="fg.muted">
              <Heading as="h2" size="md" color="fg">
                <Trans>How withdrawals work</Trans>
              </Heading>
              <Text>
                <Trans>1. You request an amount; it leaves your available balance and is held for you.</Trans>
              </Text>
              <Text>
                <Trans>2. Our team reviews the request and sends the payout to the details you gave.</Trans>
              </Text>
              <Text>
                <Trans>
                  3. While a request is pending you can cancel it and the held amount returns to your balance.
                </Trans>
              </Text>
              <Text>
                <Trans>Payouts sent to wrong details cannot be recovered: please check them carefully.</Trans>
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <WithdrawalHistory />
    </Stack>
  );
}
