import { Suspense, useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import {
  Avatar,
  Badge,
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  Icon,
  IconButton,
  Link,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { LuLogOut, LuMenu } from 'react-icons/lu';
import type { TAdminCounts, TUser } from '@vestora/contract';
import { BrandLogo } from '../../components/ui/brand-logo';
import { LanguageMenu, MemberPreferences, ThemeMenu } from '../../components/ui/preference-menus';
import { SkipLink } from '../../components/ui/skip-link';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { errorMessage, isUnauthorized } from '../../lib/errors';
import { useLocalePath } from '../../i18n/hooks';
import { formatAssetAmount, formatMoney } from '../../lib/format';
import { loginPathFor } from '../../lib/safe-next';
import { ownImage } from '../../lib/own-image';
import { markLoggedOut, useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { isMenuItemActive, menuFor, type MenuItem } from './menu';
import { DashboardSkeleton } from './DashboardSkeleton';
import { VerifyEmailNotice } from './VerifyEmailNotice';
import { NotificationBell } from '../notification/NotificationBell';

/** Logout: tell the server, then forget everything cached for this user and go to /login. */
function useLogout() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const queryClient = useQueryClient();
  const finish = () => {
    markLoggedOut();
    queryClient.removeQueries();
    void navigate(localePath('/login'), { replace: true });
  };
  const logout = trpc.user.logout.useMutation({
    onSuccess: finish,
    onError: (error) => {
      // Already signed out on the server: the outcome the user wanted.
      if (isUnauthorized(error)) return finish();
      toaster.create({ type: 'error', title: t`Could not log out`, description: errorMessage(error) });
    },
  });
  // Requests still in flight would be answered after the session is gone, with 401s. The layout takes
  // the page down while `settling` (so nothing new starts, not even a page still loading its code), then
  // lets what was already sent finish (up to 3 s; the client does not abort them), then logs out.
  const [settling, setSettling] = useState(false);
  const start = async () => {
    setSettling(true);
    await new Promise((r) => setTimeout(r, 0));
    for (let i = 0; i < 60 && queryClient.isFetching() > 0; i++) await new Promise((r) => setTimeout(r, 50));
    logout.mutate(undefined, { onSettled: () => setSettling(false) });
  };
  return { logout: () => void start(), pending: settling || logout.isPending };
}

/** The principal in open positions, under the available balance ("Account"): the cheap summary, not the history. */
function InvestedLine() {
  const summary = trpc.investment.summary.useQuery(undefined, { staleTime: 30_000 });
  const invested = summary.data ? formatMoney(summary.data.invested) : '…';
  return (
    <Text fontSize="sm" color="teal.fg" data-testid="sidebar-invested">
      <Trans>Invested: {invested}</Trans>
    </Text>
  );
}

/**
 * What everything the member holds is worth (#30: dollars plus each coin at its price), small, beside the dollar
 * balance, which stays what it is.
 */
function PortfolioLine() {
  const holdings = trpc.portfolio.holdings.useQuery(undefined, { staleTime: 30_000 });
  const total = holdings.data ? formatAssetAmount(holdings.data.totalUsd, 'USD') : '…';
  return (
    <Text fontSize="xs" color="fg.muted" data-testid="sidebar-portfolio">
      <Trans>
        Portfolio: <bdi>{total}</bdi>
      </Trans>
    </Text>
  );
}

function SidebarContent({ user, onLogout, loggingOut }: { user: TUser; onLogout: () => void; loggingOut: boolean }) {
  const { t, i18n } = useLingui();
  const localePath = useLocalePath();
  const { pathname } = useLocation();
  const isAdmin = user.accountType === 'admin';
  // The badges' counts, from the server (a cheap query), kept fresh while the admin works.
  const counts = trpc.overview.counts.useQuery(undefined, {
    enabled: isAdmin,
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
  /** What waits behind a menu entry (admins): its count, and the same in words for screen readers. */
  const menuBadge = (item: MenuItem, data: TAdminCounts | undefined): { count: number; words: string } | null => {
    if (!item.badge || !data) return null;
    const { pendingDeposits: d, pendingWithdrawals: w, unreadMessages: m } = data;
    const badge =
      item.badge === 'desk'
        ? {
            count: d + w,
            words: t`${plural(d, { one: '# pending deposit', other: '# pending deposits' })}, ${plural(w, { one: '# pending withdrawal', other: '# pending withdrawals' })}`,
          }
        : { count: m, words: t`${plural(m, { one: '# unread message', other: '# unread messages' })}` };
    return badge.count > 0 ? badge : null;
  };
  const fullName = `${user.firstName} ${user.lastName}`;
  const balance = formatMoney(user.balance);
  const picture = ownImage(user.profilePicture);
  return (
    <Flex direction="column" h="full" gap="4">
      <Link asChild rounded="md" width="fit-content" textDecoration="none" _hover={{ textDecoration: 'none' }}>
        <RouterLink to={localePath('/')} aria-label={t`Vestora home page`}>
          <BrandLogo />
        </RouterLink>
      </Link>
      <HStack gap="3" p="3" bg="teal.subtle" rounded="lg">
        <Avatar.Root size="md" colorPalette="teal">
          <Avatar.Fallback name={fullName} />
          {picture ? <Avatar.Image src={picture} alt="" /> : null}
        </Avatar.Root>
        <Box minW="0">
          <Text fontWeight="semibold" truncate data-testid="sidebar-name">
            {fullName}
          </Text>
          <Text fontSize="sm" color="teal.fg" data-testid="sidebar-balance">
            <Trans>Account: {balance}</Trans>
          </Text>
          <InvestedLine />
          <PortfolioLine />
        </Box>
      </HStack>
      {/* The menu scrolls within itself so Logout stays on screen on a short window (admins have the most). */}
      <Stack as="nav" aria-label={t`Dashboard`} gap="0.5" flex="1" minH="0" overflowY="auto">
        {menuFor(user.accountType).map((item) => {
          const active = isMenuItemActive(item, pathname);
          const badge = menuBadge(item, isAdmin ? counts.data : undefined);
          // The entry keeps its name ("Money desk"); the count is its description.
          const badgeId = `menu-badge-${item.badge ?? ''}`;
          return (
            <Link
              key={item.to}
              asChild
              display="flex"
              alignItems="center"
              gap="3"
              px="3"
              py="1"
              flexShrink={0}
              rounded="md"
              fontWeight="medium"
              textDecoration="none"
              color={active ? 'teal.fg' : 'fg.muted'}
              bg={active ? 'teal.subtle' : undefined}
              _hover={{ bg: active ? 'teal.subtle' : 'bg.muted', textDecoration: 'none' }}
            >
              <NavLink
                to={item.to}
                aria-current={active ? 'page' : undefined}
                aria-describedby={badge ? badgeId : undefined}
              >
                <Icon as={item.icon} boxSize="4.5" aria-hidden />
                {i18n._(item.label)}
                {badge ? (
                  <>
                    <Badge
                      ms="auto"
                      colorPalette="orange"
                      variant="solid"
                      rounded="full"
                      title={badge.words}
                      aria-hidden
                      data-testid={`badge-${item.badge}`}
                    >
                      {badge.count}
                    </Badge>
                    <span id={badgeId} hidden>
                      {badge.words}
                    </span>
                  </>
                ) : null}
              </NavLink>
            </Link>
          );
        })}
      </Stack>
      <Button colorPalette="red" flexShrink={0} onClick={onLogout} loading={loggingOut} loadingText={t`Logging out...`}>
        <LuLogOut /> <Trans>Logout</Trans>
      </Button>
    </Flex>
  );
}

/**
 * The dashboard shell and its auth guard. The server decides: while `user.session` loads a loader is
 * shown, a null answer (nobody signed in) sends the visitor to /login. Sidebar on large screens, a header
 * with a drawer below them.
 */
export default function DashboardLayout() {
  const { t } = useLingui();
  const localePath = useLocalePath();
  const session = useSession();
  const location = useLocation();
  const { logout, pending } = useLogout();
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    setDrawerOpen(false);
  }, [location.key]);

  // The frame at once (sidebar, header, content area), while the server says who is signed in.
  if (session.isPending) return <DashboardSkeleton label={t`Loading your account...`} />;
  // Back to this page after signing in (e.g. a shared link, or the invest dialog's ?invest=).
  if (session.isUnauthorized)
    return <Navigate to={localePath(loginPathFor(`${location.pathname}${location.search}`))} replace />;
  // Only without an account to show: a background refetch that fails keeps the page (and what is being typed
  // in it) instead of taking the whole dashboard down and mounting it again when the next refetch succeeds.
  if (!session.user) {
    return (
      <Box p={{ base: '4', md: '10' }} maxW="2xl" mx="auto" mt="10">
        <ErrorState
          title={t`Could not load your account`}
          description={errorMessage(session.error, t`Please try again in a moment.`)}
          onRetry={() => void session.refetch()}
          retrying={session.isFetching}
        />
      </Box>
    );
  }

  const user = session.user;
  return (
    <Flex minH="100vh" bg="bg.subtle" data-testid="dashboard-frame" data-state="ready">
      <MemberPreferences />
      <SkipLink />
      <Box
        as="aside"
        display={{ base: 'none', lg: 'block' }}
        w="64"
        flexShrink={0}
        position="sticky"
        top="0"
        h="100vh"
        overflowY="auto"
        bg="bg.panel"
        borderEndWidth="1px"
        p="5"
      >
        <SidebarContent user={user} onLogout={logout} loggingOut={pending} />
      </Box>

      <Flex direction="column" flex="1" minW="0">
        {/* Below lg: the menu drawer, the brand and the balance; at every width: the notification bell. */}
        <Flex
          as="header"
          display="flex"
          position="sticky"
          top="0"
          zIndex="sticky"
          h="14"
          px="4"
          align="center"
          justify="space-between"
          bg="bg.panel"
          borderBottomWidth="1px"
          gap="3"
        >
          <HStack gap="2" minW="0" display={{ base: 'flex', lg: 'none' }}>
            <Drawer.Root
              open={drawerOpen}
              onOpenChange={(e) => setDrawerOpen(e.open)}
              placement="start"
              size="xs"
              lazyMount
              unmountOnExit
            >
              <Drawer.Trigger asChild>
                <IconButton variant="ghost" aria-label={t`Open dashboard menu`}>
                  <LuMenu />
                </IconButton>
              </Drawer.Trigger>
              <Portal>
                <Drawer.Backdrop />
                <Drawer.Positioner>
                  <Drawer.Content>
                    <Drawer.Header>
                      <Drawer.Title srOnly>
                        <Trans>Dashboard menu</Trans>
                      </Drawer.Title>
                    </Drawer.Header>
                    <Drawer.Body pb="6">
                      {/* On a phone the language and theme live here: the header keeps the balance readable. */}
                      <HStack gap="2" mb="4" display={{ base: 'flex', md: 'none' }} flexWrap="wrap">
                        <LanguageMenu size="sm" />
                        <ThemeMenu size="sm" />
                      </HStack>
                      <SidebarContent user={user} onLogout={logout} loggingOut={pending} />
                    </Drawer.Body>
                    <Drawer.CloseTrigger asChild>
                      <CloseButton size="sm" aria-label={t`Close dashboard menu`} />
                    </Drawer.CloseTrigger>
                  </Drawer.Content>
                </Drawer.Positioner>
              </Portal>
            </Drawer.Root>
            <Link asChild textDecoration="none" _hover={{ textDecoration: 'none' }}>
              <RouterLink to={localePath('/')} aria-label={t`Vestora home page`}>
                {/* On a phone the mark alone: the header also holds the balance and the notifications. */}
                <BrandLogo css={{ '& > span': { display: { base: 'none', sm: 'inline' } } }} />
              </RouterLink>
            </Link>
          </HStack>
          <HStack gap="1" minW="0" ms="auto">
            <Text fontSize="sm" fontWeight="medium" color="teal.fg" truncate display={{ base: 'block', lg: 'none' }}>
              {formatMoney(user.balance)}
            </Text>
            <NotificationBell />
            <HStack gap="1" display={{ base: 'none', md: 'flex' }}>
              <LanguageMenu size="sm" />
              <ThemeMenu size="sm" />
            </HStack>
          </HStack>
        </Flex>

        <Box
          as="main"
          id="main"
          tabIndex={-1}
          outline="none"
          flex="1"
          p={{ base: '4', md: '8' }}
          maxW="7xl"
          w="full"
          mx="auto"
        >
          {pending ? (
            // The page is taken down first, so it starts no request that the ended session would refuse.
            <PageLoader label={t`Logging out...`} />
          ) : (
            <Suspense fallback={<PageLoader />}>
              <VerifyEmailNotice />
              <Outlet />
            </Suspense>
          )}
        </Box>
      </Flex>
    </Flex>
  );
}
