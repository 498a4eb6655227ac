import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router-dom';
import { Box, Container, Flex, HStack, IconButton, Link, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { LuMenu, LuX } from 'react-icons/lu';
import { BrandLogo } from '../../components/ui/brand-logo';
import { LanguageMenu, ThemeMenu } from '../../components/ui/preference-menus';
import { useLocalePath } from '../../i18n/hooks';
import { site } from '../../content/site';

const PANEL_ID = 'mobile-navigation';

function NavItemLink({ to, label, block = false }: { to: string; label: MessageDescriptor; block?: boolean }) {
  const { i18n } = useLingui();
  const localePath = useLocalePath();
  const path = localePath(to);
  return (
    <Link
      asChild
      // Narrower at md: the links share the bar with the language and theme menus (German and Portuguese run long).
      px={block ? '3' : { base: '3', md: '2', lg: '3' }}
      py={block ? '3' : '2'}
      rounded="md"
      fontWeight="medium"
      color="fg.muted"
      textDecoration="none"
      display={block ? 'block' : 'inline-flex'}
      whiteSpace="nowrap"
      _hover={{ bg: 'bg.muted', color: 'fg', textDecoration: 'none' }}
      _currentPage={{ bg: 'teal.subtle', color: 'teal.fg', fontWeight: 'semibold' }}
    >
      {/* `end` on the home page's path so Home is only highlighted on the home page itself. */}
      <NavLink to={path} end={to === '/'}>
        {i18n._(label)}
      </NavLink>
    </Link>
  );
}

/**
 * The public navigation bar: same links for every visitor, current route highlighted. Below
 * the md breakpoint the links collapse into a panel that animates height and opacity (0.4 s),
 * starts closed and closes on every navigation.
 */
export default function Navbar() {
  const { t } = useLingui();
  const localePath = useLocalePath();
  const brand = site.brand.name;
  const [open, setOpen] = useState(false);
  const [panelHeight, setPanelHeight] = useState(0);
  const innerRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // location.key changes on every navigation, also when the same path is clicked again.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  // Measure before paint so the height transition runs from 0 to the real content height.
  useLayoutEffect(() => {
    if (open && innerRef.current) setPanelHeight(innerRef.current.scrollHeight);
  }, [open]);

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg.panel" borderBottomWidth="1px" shadow="xs">
      <Container maxW="7xl">
        <Flex h="16" align="center" justify="space-between" gap={{ base: '2', md: '4' }}>
          <Link asChild rounded="md" textDecoration="none" _hover={{ textDecoration: 'none' }}>
            <RouterLink to={localePath('/')} aria-label={t`${brand} home`}>
              <BrandLogo />
            </RouterLink>
          </Link>
          <HStack as="nav" aria-label={t`Main`} gap="1" display={{ base: 'none', md: 'flex' }}>
            {site.nav.map((item) => (
              <NavItemLink key={item.to} to={item.to} label={item.label} />
            ))}
          </HStack>
          <HStack gap="1">
            <HStack gap="1" display={{ base: 'none', sm: 'flex' }}>
              <LanguageMenu />
              <ThemeMenu />
            </HStack>
            <IconButton
              display={{ base: 'inline-flex', md: 'none' }}
              variant="ghost"
              aria-label={open ? t`Close menu` : t`Open menu`}
              aria-expanded={open}
              aria-controls={PANEL_ID}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? <LuX /> : <LuMenu />}
            </IconButton>
          </HStack>
        </Flex>
      </Container>
      <Box
        id={PANEL_ID}
        data-state={open ? 'open' : 'closed'}
        display={{ base: 'block', md: 'none' }}
        overflow="hidden"
        // Hidden panels must not be reachable with Tab: visibility flips after the fade-out.
        style={{
          height: open ? `${panelHeight}px` : '0px',
          opacity: open ? 1 : 0,
          visibility: open ? 'visible' : 'hidden',
          transition: 'height 0.4s ease, opacity 0.4s ease, visibility 0.4s',
        }}
      >
        <Box ref={innerRef} borderTopWidth="1px">
          <Stack as="nav" aria-label={t`Main mobile`} gap="1" px="4" py="3">
            {site.nav.map((item) => (
              <NavItemLink key={item.to} to={item.to} label={item.label} block />
            ))}
          </Stack>
          {/* Below sm the bar has no room for the menus: they sit at the foot of the panel. */}
          <HStack display={{ base: 'flex', sm: 'none' }} gap="2" px="4" pb="3" justify="space-between">
            <LanguageMenu />
            <ThemeMenu />
          </HStack>
        </Box>
      </Box>
    </Box>
  );
}
