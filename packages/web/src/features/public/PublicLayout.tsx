import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Box, Flex } from '@chakra-ui/react';
import { PageLoader } from '../../components/ui/states';
import Footer from './Footer';
import Navbar from './Navbar';

/** Header, page, footer for every public route (home, about, auth pages, not found). */
export default function PublicLayout() {
  return (
    <Flex direction="column" minH="100vh">
      <Navbar />
      <Box as="main" flex="1" id="main">
        <Suspense fallback={<PageLoader minH="60vh" />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </Flex>
  );
}
