import { Suspense, lazy, useDeferredValue, useEffect } from 'react';
import { Box, SimpleGrid, Skeleton, VisuallyHidden } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { EmptyState, ErrorState } from '../../components/ui/states';

// The cards' code (PlanCards.tsx, with the invest button and the plans' wording) is not part of the home page's
// first load: the pre-rendered page and its hydration show placeholders until the plans arrive, and the cards'
// chunk is fetched beside them (PlanList starts both when it mounts).
const loadCards = () => import('./PlanCards');
const PlanGrid = lazy(() => loadCards().then((m) => ({ default: m.PlanGrid })));
// Admin controls (session, delete dialog) load only in the dashboard: Home stays light.
const AdminPlanGrid = lazy(() => import('./AdminPlanGrid'));

interface PlanListProps {
  /** Dashboard use: admins get Create, Edit and Delete. Home passes false. */
  showAdminControls?: boolean;
}

/**
 * Until the plans arrive: a row of card-sized placeholders (a plan card is about 442 px tall), in the grid the
 * cards use, so the page below does not jump when they come. Also what the pre-rendered home page shows.
 */
function PlansLoading() {
  return (
    <Box role="status" aria-live="polite">
      <VisuallyHidden>
        <Trans>Loading investment plans...</Trans>
      </VisuallyHidden>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="5">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="442px" rounded="l3" />
        ))}
      </SimpleGrid>
    </Box>
  );
}

/** The investment plans as cards; used on Home (read-only) and in the dashboard (admin controls). */
export default function PlanList({ showAdminControls = false }: PlanListProps) {
  const { t } = useLingui();
  const plans = trpc.plan.list.useQuery();
  const { isAdmin } = useSession({ enabled: showAdminControls });
  // The cards render as a transition (in short slices), not in the task that received the answer.
  const data = useDeferredValue(plans.data);
  useEffect(() => {
    void loadCards().catch(() => undefined); // a failed download is tried again (and reported) when the cards render
  }, []);

  if (plans.isPending) return <PlansLoading />;
  // A failed background refetch keeps the cards (and an invest dialog open on them) on screen.
  if (plans.isError && data === undefined)
    return (
      <ErrorState
        title={t`Could not load the investment plans`}
        description={errorMessage(plans.error, t`Please try again.`)}
        onRetry={() => void plans.refetch()}
      />
    );
  if (data === undefined) return <PlansLoading />;

  // Only admins wait for the admin controls' chunk, behind placeholders: a working grid as the fallback would be
  // swapped for another one when the chunk arrives, and an invest dialog opened meanwhile would start again.
  if (showAdminControls && isAdmin)
    return (
      <Suspense fallback={<PlansLoading />}>
        <AdminPlanGrid plans={data} />
      </Suspense>
    );
  if (data.length === 0)
    return (
      <EmptyState title={t`No investment plans yet`} description={t`Plans will appear here once they are published.`} />
    );
  return (
    <Suspense fallback={<PlansLoading />}>
      <PlanGrid plans={data} />
    </Suspense>
  );
}
