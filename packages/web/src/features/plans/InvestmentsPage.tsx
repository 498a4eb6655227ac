import { Heading, Stack, Text } from '@chakra-ui/react';
import PlanList from './PlanList';

/** Dashboard index and /dashboard/investments: the plans, with admin controls for admins. */
export default function InvestmentsPage() {
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Investment Plans
        </Heading>
        <Text color="fg.muted">
          Compare our plans and pick the one that fits your goals. Returns are not guaranteed and the value of
          investments can go down as well as up.
        </Text>
      </Stack>
      <PlanList showAdminControls />
    </Stack>
  );
}
