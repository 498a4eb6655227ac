import { HStack, Text, type StackProps } from '@chakra-ui/react';
import { site } from '../../content/site';

/** The Vestora mark (same drawing as the favicon) and the brand name. */
export function BrandLogo({ inverted = false, ...rest }: { inverted?: boolean } & StackProps) {
  return (
    <HStack gap="2" {...rest}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={inverted ? '#ffffff' : '#0f766e'} />
        <path d="M8 9h4l4 10 4-10h4l-6.5 15h-3z" fill={inverted ? '#0f766e' : '#ffffff'} />
      </svg>
      <Text as="span" fontWeight="bold" fontSize="xl" letterSpacing="tight" color={inverted ? 'white' : 'fg'}>
        {site.brand.name}
      </Text>
    </HStack>
  );
}
