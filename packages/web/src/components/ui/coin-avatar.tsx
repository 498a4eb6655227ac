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
 * Where a coin's logo is loaded from: our own server, which fetched it from the image URL the feed names and
 * keeps it (GET /api/market/logo/:coinId); the browser loads nothing from the feed's host. Null when the feed
 * names no image (the letters show at once).
 */
export function coinLogoSrc(coin: { id: string; image: string }): string | null {
  return coin.image ? `/api/market/logo/${encodeURIComponent(coin.id)}` : null;
}

/** The letters of a coin without a logo: its symbol, up to four (USDT and USDC are two coins, not both "USD"). */
export function coinLetters(name: string, symbol?: string): string {
  return (symbol || name).slice(0, 4).toUpperCase();
}

/**
 * A coin's logo, or a lettered avatar when there is no image or it fails to load (offline,
 * blocked, broken URL). The image is decorative: the coin's name is always printed beside it.
 * A plain img with onError: lighter than Chakra's Avatar state machine, and this renders in
 * long lists.
 */
export function CoinAvatar({ name, symbol, src, size = 'sm' }: CoinAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const letters = coinLetters(name, symbol);
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
