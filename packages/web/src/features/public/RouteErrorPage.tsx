import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { pathInLocale } from '@vestora/contract';
import { currentLocale } from '../../i18n';

function describe(error: unknown): string {
  return error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(
      error.message,
    )
    ? t`Part of the app could not be downloaded. Check your connection, then reload the page.`
    : t`An unexpected error stopped this page from loading.`;
}

/** The full-page message shown when a screen crashes or its code cannot be downloaded. */
export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <Box minH="100vh" display="flex" alignItems="center" justifyContent="center" p="6" bg="bg.subtle">
      <Stack gap="4" maxW="md" textAlign="center" role="alert">
        <Heading as="h1" size="2xl">
          <Trans>This page could not be loaded</Trans>
        </Heading>
        <Text color="fg.muted">{describe(error)}</Text>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="center" gap="3">
          <Button colorPalette="teal" onClick={() => window.location.reload()}>
            <Trans>Reload</Trans>
          </Button>
          <Button asChild variant="outline">
            {/* A plain link (this page may show outside the router): the home page in the language shown. */}
            <a href={pathInLocale('/', currentLocale())}>
              <Trans>Go to the home page</Trans>
            </a>
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** When this changes (the path), a shown error is cleared and the new route renders. */
  resetKey: string;
}

/**
 * Catches render errors and failed chunk downloads (typically after a release replaced the old
 * chunks). Navigating elsewhere clears the error without remounting the layouts.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
