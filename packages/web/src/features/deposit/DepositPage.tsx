import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import MyAccount from '../account/MyAccount';
import { DepositForm } from './DepositForm';
import { RecentDeposits } from './RecentDeposits';

/** /dashboard/deposit: where to send money (My Account), the "I have sent a transfer" form and recent deposits. */
export default function DepositPage() {
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Deposit
        </Heading>
        <Text color="fg.muted">
          Transfer money to the account below, then report the transfer. Your balance is credited once an admin has
          matched the transfer to our bank statement.
        </Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <MyAccount />
        <DepositForm />
      </SimpleGrid>
      <RecentDeposits />
    </Stack>
  );
}
