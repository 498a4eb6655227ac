import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { LuHouse } from 'react-icons/lu';
import { usePageTitle } from '../../lib/page-title';

/** Any unknown path. Inside the dashboard the link goes back to the dashboard. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  const inDashboard = pathname.toLowerCase().startsWith('/dashboard');
  usePageTitle('Page Not Found');
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <Stack gap="5" align="center" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="teal.600" lineHeight="1" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="3xl">
          Page Not Found
        </Heading>
        <Text color="gray.600" fontSize="lg">
          Looks like you've followed a broken link or entered a URL that doesn't exist on this site.
        </Text>
        <Button asChild colorPalette="teal" size="lg">
          <RouterLink to={inDashboard ? '/dashboard' : '/'}>
            <LuHouse /> {inDashboard ? 'Back to the dashboard' : 'Back to the home page'}
          </RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}
