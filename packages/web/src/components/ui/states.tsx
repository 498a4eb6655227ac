import type { ReactNode } from 'react';
import { Box, Button, EmptyState as ChakraEmptyState, Spinner, Text, VStack } from '@chakra-ui/react';
import { LuCircleAlert, LuInbox, LuRefreshCw } from 'react-icons/lu';

/** A centred spinner with a label, for a page or a section that is loading. */
export function PageLoader({ label = 'Loading...', minH = '40vh' }: { label?: string; minH?: string }) {
  return (
    <VStack role="status" aria-live="polite" minH={minH} justify="center" gap="3" py="10" color="gray.600">
      <Spinner size="lg" color="teal.600" borderWidth="3px" />
      <Text fontSize="sm">{label}</Text>
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
export function ErrorState({ title = 'Something went wrong', description, onRetry, retrying }: ErrorStateProps) {
  return (
    <ChakraEmptyState.Root role="alert" borderWidth="1px" borderColor="red.200" bg="red.50" rounded="l3">
      <ChakraEmptyState.Content>
        <ChakraEmptyState.Indicator color="red.500">
          <LuCircleAlert />
        </ChakraEmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <ChakraEmptyState.Title>{title}</ChakraEmptyState.Title>
          <ChakraEmptyState.Description color="red.800">{description}</ChakraEmptyState.Description>
        </VStack>
        {onRetry ? (
          <Button variant="outline" colorPalette="red" size="sm" onClick={onRetry} loading={retrying}>
            <LuRefreshCw /> Try again
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
}

/** Nothing to show yet: a short title, an explanation and an optional next step. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <ChakraEmptyState.Root borderWidth="1px" borderStyle="dashed" borderColor="gray.300" rounded="l3" bg="white">
      <ChakraEmptyState.Content>
        <ChakraEmptyState.Indicator color="gray.400">{icon ?? <LuInbox />}</ChakraEmptyState.Indicator>
        <VStack textAlign="center" gap="1">
          <ChakraEmptyState.Title>{title}</ChakraEmptyState.Title>
          {description ? <ChakraEmptyState.Description>{description}</ChakraEmptyState.Description> : null}
        </VStack>
        {action ? <Box>{action}</Box> : null}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}
