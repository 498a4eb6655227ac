import { Suspense, lazy } from 'react';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { PlanGrid } from './PlanCards';

// Admin controls (session, delete dialog) load only in the dashboard: Home stays light.
const AdminPlanGrid = lazy(() => import('./AdminPlanGrid'));

interface PlanListProps {
  /** Dashboard use: admins get Create, Edit and Delete. Home passes false. */
  showAdminControls?: boolean;
}

/** The investment plans as cards; used on Home (read-only) and in the dashboard (admin controls). */
export default function PlanList({ showAdminControls = false }: PlanListProps) {
  const plans = trpc.plan.list.useQuery();

  if (plans.isPending) return <PageLoader label="Loading investment plans..." minH="12rem" />;
  if (plans.isError)
    return (
      <ErrorState
        title="Could not load the investment plans"
        description={errorMessage(plans.error, 'Please try again.')}
        onRetry={() => void plans.refetch()}
      />
    );

  if (showAdminControls)
    return (
      <Suspense fallback={<PlanGrid plans={plans.data} />}>
        <AdminPlanGrid plans={plans.data} />
      </Suspense>
    );
  if (plans.data.length === 0)
    return <EmptyState title="No investment plans yet" description="Plans will appear here once they are published." />;
  return <PlanGrid plans={plans.data} />;
}
