import { useState } from 'react';
import { Box, Image } from '@chakra-ui/react';

const SIZES = { xs: '6', sm: '8', md: '10', lg: '12' } as const;

export interface CoinAvatarProps {
  name: string;
  symbol?: string;
  /** Image URL; omit (or pass null) to show the lettered avatar straight away. */
  src?: string | null;
  size?: keyof typeof SIZES;
}

/**
 * A coin's logo, or a lettered avatar when there is no image or it fails to load (offline,
 * blocked, broken URL). The image is decorative: the coin's name is always printed beside it.
 * A plain img with onError: lighter than Chakra's Avatar state machine, and this renders in
 * long lists.
 */
export function CoinAvatar({ name, symbol, src, size = 'sm' }: CoinAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const letters = (symbol || name).slice(0, 3).toUpperCase();
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <Box
      aria-hidden="true"
      flexShrink={0}
      boxSize={SIZES[size]}
      rounded="full"
      overflow="hidden"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      bg={showImage ? 'transparent' : 'teal.muted'}
      color="teal.fg"
      fontSize={letters.length > 2 || size === 'xs' ? '2xs' : 'xs'}
      fontWeight="bold"
      lineHeight="1"
      data-fallback={showImage ? undefined : 'letters'}
    >
      {showImage && src ? (
        <Image
          src={src}
          alt=""
          boxSize="full"
          objectFit="cover"
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        letters
      )}
    </Box>
  );
}
