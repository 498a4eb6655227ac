import type { ReactNode } from 'react';
import { Alert, Box, Button, EmptyState as ChakraEmptyState, Spinner, Text, VStack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuCircleAlert, LuInbox, LuRefreshCw } from 'react-icons/lu';
import { errorMessage } from '../../lib/errors';

/** A centred spinner with a label, for a page or a section that is loading. */
export function PageLoader({ label, minH = '40vh' }: { label?: string; minH?: string }) {
  const { t } = useLingui();
  return (
    <VStack role="status" aria-live="polite" minH={minH} justify="center" gap="3" py="10" color="fg.muted">
      <Spinner size="lg" color="teal.fg" borderWidth="3px" />
      <Text fontSize="sm">{label ?? t`Loading...`}</Text>
    </VStack>
  );
}

export interface ErrorStateProps {
  title?: string;
  /** What went wrong, as a sentence (usually `errorMessage(error)`). */
  description: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed load: what went wrong and, when it can help, a Try again button. */
export function ErrorState({ title, description, onRetry, retrying }: ErrorStateProps) {
  const { t } = useLingui();
  return (
    <ChakraEmptyState.Root role="alert" borderWidth="1px" borderColor="red.muted" bg="red.subtle" rounded="l3">
      <ChakraEmptyState.Content>
        <ChakraEmptyState.Indicator color="red.fg">
          <LuCircleAlert />
        </ChakraEmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <ChakraEmptyState.Title>{title ?? t`Something went wrong`}</ChakraEmptyState.Title>
          <ChakraEmptyState.Description color="red.fg">{description}</ChakraEmptyState.Description>
        </VStack>
        {onRetry ? (
          <Button variant="outline" colorPalette="red" size="sm" onClick={onRetry} loading={retrying}>
            <LuRefreshCw /> <Trans>Try again</Trans>
          </Button>
        ) : null}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** The title's heading level: h3 under a section's h2 (the default), h2 straight under the page's h1. */
  titleAs?: 'h2' | 'h3';
}

/** Nothing to show yet: a short title, an explanation and an optional next step. */
export function EmptyState({ title, description, icon, action, titleAs = 'h3' }: EmptyStateProps) {
  return (
    <ChakraEmptyState.Root borderWidth="1px" borderStyle="dashed" borderColor="border" rounded="l3" bg="bg.panel">
      <ChakraEmptyState.Content>
        <ChakraEmptyState.Indicator color="fg.subtle">{icon ?? <LuInbox />}</ChakraEmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <ChakraEmptyState.Title as={titleAs}>{title}</ChakraEmptyState.Title>
          {description ? <ChakraEmptyState.Description>{description}</ChakraEmptyState.Description> : null}
        </VStack>
        {action ? <Box>{action}</Box> : null}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}

/** An action the server refused or that failed: what was not done, and why (inside a form or dialog). */
export function FailedAction({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title color="red.fg">{title}</Alert.Title>
        <Alert.Description>{errorMessage(error)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** What a paged list query looks like to the states below. */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isRefetching: boolean;
  refetch: () => unknown;
  items: readonly unknown[];
}

/**
 * The loading, failed and empty states of a list, or null when it has items to show: every list says
 * the same three things the same way.
 */
export function listState(
  list: ListQueryState,
  words: { loading: string; errorTitle: string; empty: ReactNode; minH?: string },
): ReactNode | null {
  if (list.isPending) return <PageLoader label={words.loading} minH={words.minH} />;
  if (list.isError)
    return (
      <ErrorState
        title={words.errorTitle}
        description={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isRefetching}
      />
    );
  if (list.items.length === 0) return words.empty;
  return null;
}
