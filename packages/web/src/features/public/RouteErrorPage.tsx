import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';

function describe(error: unknown): string {
  return error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(
      error.message,
    )
    ? 'Part of the app could not be downloaded. Check your connection, then reload the page.'
    : 'An unexpected error stopped this page from loading.';
}

/** The full-page message shown when a screen crashes or its code cannot be downloaded. */
export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <Box minH="100vh" display="flex" alignItems="center" justifyContent="center" p="6" bg="gray.50">
      <Stack gap="4" maxW="md" textAlign="center" role="alert">
        <Heading as="h1" size="2xl">
          This page could not be loaded
        </Heading>
        <Text color="gray.600">{describe(error)}</Text>
        <Stack direction={{ base: 'column', sm: 'row' }} justify="center" gap="3">
          <Button colorPalette="teal" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button asChild variant="outline">
            <a href="/">Go to the home page</a>
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
