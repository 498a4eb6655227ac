import { Box, Flex, Stack } from '@chakra-ui/react';
import { BrandLogo } from '../../components/ui/brand-logo';
import { PageLoader } from '../../components/ui/states';
import { useSession } from '../../lib/session';

/** A grey bar where text will be (plain boxes: no recipe of the app's theme is needed before it loads). */
function Bar(props: { w?: string; h?: string }) {
  return <Box h={props.h ?? '3.5'} w={props.w ?? 'full'} rounded="sm" bg="bg.emphasized" opacity={0.6} />;
}

/**
 * The dashboard's frame while its code or the signed-in member is on the way: the sidebar (brand, the member's
 * card, the menu), the header and the content area, at the same places and sizes as DashboardLayout draws them,
 * so the page paints its frame at once and nothing moves when the real one takes its place. Small and free of
 * data: the route table shows it while the dashboard's code loads, the layout while `user.session` answers.
 */
export function DashboardSkeleton({ label }: { label?: string }) {
  // Asks who is signed in now, beside the layout's code, not after it (the layout reads the same query).
  useSession();
  return (
    <Flex minH="100vh" bg="bg.subtle" data-testid="dashboard-frame" data-state="loading">
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
        <Flex direction="column" h="full" gap="4">
          <BrandLogo />
          <Flex gap="3" p="3" bg="teal.subtle" rounded="lg" align="center">
            <Box boxSize="10" rounded="full" bg="teal.muted" flexShrink={0} />
            <Stack gap="2" flex="1" py="1">
              <Bar w="80%" h="4" />
              <Bar w="65%" />
              <Bar w="55%" />
              <Bar w="45%" h="3" />
            </Stack>
          </Flex>
          <Stack gap="0.5" flex="1">
            {Array.from({ length: 8 }, (_, i) => (
              <Flex key={i} h="8" px="3" align="center" gap="3">
                <Box boxSize="4.5" rounded="sm" bg="bg.emphasized" opacity={0.6} />
                <Bar w={`${50 + ((i * 17) % 35)}%`} />
              </Flex>
            ))}
          </Stack>
        </Flex>
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          position="sticky"
          top="0"
          zIndex="sticky"
          h="14"
          px="4"
          align="center"
          bg="bg.panel"
          borderBottomWidth="1px"
          gap="3"
        >
          <Flex display={{ base: 'flex', lg: 'none' }} align="center" gap="2">
            <Box boxSize="10" />
            <BrandLogo css={{ '& > span': { display: { base: 'none', sm: 'inline' } } }} />
          </Flex>
        </Flex>
        <Box as="main" id="main" flex="1" p={{ base: '4', md: '8' }} maxW="7xl" w="full" mx="auto">
          <PageLoader label={label} />
        </Box>
      </Flex>
    </Flex>
  );
}
