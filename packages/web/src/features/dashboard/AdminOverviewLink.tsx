import { Link as RouterLink } from 'react-router-dom';
import { Box, Link, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { LuGauge } from 'react-icons/lu';
import { useSession } from '../../lib/session';

/** For admins on the dashboard index: where an admin looks first (the index itself stays as specified). */
export function AdminOverviewLink() {
  const { isAdmin } = useSession();
  if (!isAdmin) return null;
  return (
    <Box borderWidth="1px" borderColor="border.muted" rounded="md" bg="teal.subtle" px="4" py="3">
      <Text fontSize="sm">
        <Trans>
          <Link asChild color="teal.fg" fontWeight="semibold">
            <RouterLink to="/dashboard/overview">
              <LuGauge aria-hidden /> Go to the admin Overview
            </RouterLink>
          </Link>{' '}
          — the morning figures, the checks, what waits on the money desk and what the installation still needs.
        </Trans>
      </Text>
    </Box>
  );
}
