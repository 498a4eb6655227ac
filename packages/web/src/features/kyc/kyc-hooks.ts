import { useSiteConfig } from '../../lib/site-hooks';
import { trpc } from '../../lib/trpc';

/** The member's identity status (`kyc.status`): tier, open application, items, limits and the next tier. */
export function useKycStatus() {
  return trpc.kyc.status.useQuery(undefined, { staleTime: 15_000 });
}

/** The largest document the server takes, in MB (site.config), or undefined while it loads. */
export function useMaxUploadMb(): number | undefined {
  return useSiteConfig()?.kycMaxUploadMb;
}
