import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../../lib/session';

/**
 * Guards the admin screens inside the dashboard: non-admins are sent to /dashboard. The
 * dashboard layout above it has already loaded the session. The server enforces the same rule
 * on every call; this only keeps people from landing on a screen they cannot use.
 */
export default function AdminRoute() {
  const { user, isAdmin } = useSession();
  if (!user) return null;
  return isAdmin ? <Outlet /> : <Navigate to="/dashboard" replace />;
}
