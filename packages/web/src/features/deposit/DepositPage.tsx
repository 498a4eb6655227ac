import { Alert, SimpleGrid, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import MyAccount from '../account/MyAccount';
import { DepositForm } from './DepositForm';
import { RecentDeposits } from './RecentDeposits';
import { DepositInstructions } from './DepositInstructions';
import { BitcoinDeposit, useBitcoinInstructions } from './BitcoinDeposit';
import { PageIntro } from '../dashboard/PageIntro';
import { TierLine } from '../kyc/TierLine';

/**
 * /dashboard/deposit: how to deposit (the account and the member's reference, deposit.instructions), My Account
 * (its QR carries both), the "I have sent a transfer" form and recent deposits.
 * While the deposit account is the seeded placeholder (or missing), members are told deposits are not open yet
 * instead of being shown a bank that does not exist; admins see the record with a note to set it.
 * When the server has Bitcoin deposits on, the "Pay in Bitcoin" card shows either way (it needs no bank account).
 */
export default function DepositPage() {
  const { t } = useLingui();
  const { isAdmin } = useSession();
  // Bitcoin deposits (when the server has them) do not wait for the bank account.
  const { bitcoin } = useBitcoinInstructions();
  const account = trpc.account.get.useQuery(undefined, { retry: false });
  const notOpen =
    (account.isError && account.error.data?.code === 'NOT_FOUND') ||
    (account.data !== undefined && !account.data.isSet);

  if (notOpen && !isAdmin) {
    return (
      <Stack gap="6">
        <PageIntro title={t`Deposit`}>
          {bitcoin ? (
            <Trans>
              Deposit in Bitcoin to your own address below; bank transfers open once the platform account is set.
            </Trans>
          ) : (
            <Trans>Deposits are made by bank transfer to the platform&apos;s account.</Trans>
          )}
        </PageIntro>
        <TierLine />
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {bitcoin ? <Trans>Bank transfers are not open yet</Trans> : <Trans>Deposits are not open yet</Trans>}
            </Alert.Title>
            <Alert.Description>
              <Trans>
                The bank account to send transfers to has not been set up by an administrator. Please do not send a bank
                transfer until it is shown here; this page will show it as soon as it is set.
              </Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <BitcoinDeposit withStates />
        <RecentDeposits />
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      <PageIntro title={t`Deposit`}>
        <Trans>
          Transfer money to the account below with your reference: the transfer is credited when the bank statement
          arrives, no report needed. You may still report a transfer; it waits for its statement line.
        </Trans>
        {bitcoin ? (
          <>
            {' '}
            <Trans>You can also pay in Bitcoin to your own address (below).</Trans>
          </>
        ) : null}
      </PageIntro>
      <TierLine />
      {notOpen ? (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>Members cannot deposit yet</Trans>
            </Alert.Title>
            <Alert.Description>
              <Trans>
                This is the placeholder account the first start created. Until you set the platform&apos;s real bank
                account here (Edit), members see &quot;Deposits are not open yet&quot; instead of it.
              </Trans>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {notOpen ? null : <DepositInstructions />}
      <BitcoinDeposit withStates={notOpen} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <MyAccount />
        <DepositForm />
      </SimpleGrid>
      <RecentDeposits />
    </Stack>
  );
}
