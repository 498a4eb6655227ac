import { SimpleGrid, Stack } from '@chakra-ui/react';
import MyAccount from '../account/MyAccount';
import { DepositForm } from './DepositForm';
import { RecentDeposits } from './RecentDeposits';
import { PageIntro } from '../dashboard/PageIntro';

/** /dashboard/deposit: where to send money (My Account), the "I have sent a transfer" form and recent deposits. */
export default function DepositPage() {
  return (
    <Stack gap="6">
      <PageIntro title="Deposit">
        Transfer money to the account below, then report the transfer. Your balance is credited once an admin has
        matched the transfer to our bank statement.
      </PageIntro>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <MyAccount />
        <DepositForm />
      </SimpleGrid>
      <RecentDeposits />
    </Stack>
  );
}
