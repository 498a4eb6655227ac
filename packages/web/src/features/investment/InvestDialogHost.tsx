import { Suspense, lazy } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { TPlan } from '@vestora/contract';
import { useSession } from '../../lib/session';
import { withAppTheme } from '../../components/ui/theme';
import { INVEST_PARAM } from './invest-rules';

// The dialog (form, quote table) loads on the first Invest Now: the home page stays light.
const InvestDialog = lazy(() => withAppTheme(import('./InvestDialog')));

/** Shows the invest dialog for the plan named by `?invest=` (so it survives sign-in and can be linked). */
export function InvestDialogHost({ plans }: { plans: TPlan[] }) {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const planId = params.get(INVEST_PARAM);
  const plan = planId ? plans.find((p) => p.id === planId && p.openForInvesting) : undefined;
  if (!plan || !user) return null;

  const close = (invested: boolean) => {
    // After investing from the home page, the position is on the investments page.
    if (invested && !pathname.startsWith('/dashboard')) {
      void navigate('/dashboard/investments', { replace: true });
      return;
    }
    setParams(
      (p) => {
        p.delete(INVEST_PARAM);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return (
    <Suspense fallback={null}>
      <InvestDialog key={plan.id} plan={plan} onClose={close} />
    </Suspense>
  );
}
