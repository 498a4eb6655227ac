import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Box, Flex } from '@chakra-ui/react';
import { SkipLink } from '../../components/ui/skip-link';
import { PageLoader } from '../../components/ui/states';
import Footer from './Footer';
import Navbar from './Navbar';

/** Header, page, footer for every public route (home, about, auth pages, not found). */
export default function PublicLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <SkipLink />
      <Navbar />
      <Box as="main" flex="1" id="main" tabIndex={-1} outline="none">
        <Suspense fallback={<PageLoader minH="60vh" />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Flex>
  );
}
