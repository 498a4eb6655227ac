import { Stack } from '@chakra-ui/react';
import { CoinsWeHold } from './CoinsWeHold';
import { ReservesActions } from './ReservesActions';

/**
 * Money desk tab (admins, #32): what backs members' balances. The Bitcoin we hold, coin by coin (what a payout
 * batch may spend), and the reserves actions: declare a coin the server cannot read, publish the month's root.
 */
export function ReservesDesk() {
  return (
    <Stack gap="8">
      <CoinsWeHold />
      <ReservesActions />
    </Stack>
  );
}
