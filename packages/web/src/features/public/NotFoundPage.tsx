import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuHouse } from 'react-icons/lu';
import { useLocalePath } from '../../i18n/hooks';
import { usePageTitle } from '../../lib/page-title';

/** Any unknown path. Inside the dashboard the link goes back to the dashboard. */
export default function NotFoundPage() {
  const { t } = useLingui();
  const localePath = useLocalePath();
  const { pathname } = useLocation();
  const inDashboard = pathname.toLowerCase().startsWith('/dashboard');
  usePageTitle(t`Page Not Found`);
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <Stack gap="5" align="center" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="teal.fg" lineHeight="1" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="3xl">
          <Trans>Page Not Found</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          <Trans>Looks like you've followed a broken link or entered a URL that doesn't exist on this site.</Trans>
        </Text>
        <Button asChild colorPalette="teal" size="lg">
          <RouterLink to={inDashboard ? '/dashboard' : localePath('/')}>
            <LuHouse /> {inDashboard ? <Trans>Back to the dashboard</Trans> : <Trans>Back to the home page</Trans>}
          </RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
