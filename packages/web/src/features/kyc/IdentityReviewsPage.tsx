import { Link as RouterLink } from 'react-router-dom';
import { Badge, Button, Card, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuShieldCheck } from 'react-icons/lu';
import { EmptyState, listState } from '../../components/ui/states';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { PageIntro } from '../dashboard/PageIntro';
import { REVIEWS_PATH } from './kyc-paths';
import { STATUS_PALETTE, STATUS_WORDS, tierWords } from './kyc-words';

/**
 * /dashboard/identity-reviews (#33): the applications waiting for a decision, oldest first, with who already
 * approved each (approving takes two different administrators).
 */
export default function IdentityReviewsPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Identity reviews`);
  const { user: me } = useSession();
  const queue = trpc.kyc.queue.useQuery(undefined, { refetchOnWindowFocus: true });
  const items = queue.data?.items ?? [];
  const state = listState(
    { ...queue, items },
    {
      loading: t`Loading the applications...`,
      errorTitle: t`Could not load the applications`,
      empty: (
        <EmptyState
          titleAs="h2"
          icon={<LuShieldCheck />}
          title={t`No application waits for review`}
          description={t`New identity applications appear here, oldest first.`}
        />
      ),
    },
  );
  return (
    <Stack gap="6" maxW="4xl">
      <PageIntro title={t`Identity reviews`}>
        <Trans>
          Members&apos; identity applications, oldest first. Each needs the approval of two different administrators.
        </Trans>
      </PageIntro>
      {state ?? (
        <List.Root variant="plain" gap="3" aria-label={t`Applications waiting for review`}>
          {items.map((a) => {
            const tier = i18n._(tierWords(a.tier));
            const when = formatDateTime(a.submittedAt);
            const approvers = a.approvedBy.map((b) => b.email ?? b.id).join(', ');
            const mine = a.approvedBy.some((b) => b.id === me?.id);
            const email = a.email;
            return (
              <List.Item key={a.id} display="block">
                <Card.Root size="sm">
                  <Card.Body>
                    <HStack justify="space-between" gap="3" wrap="wrap" align="start">
                      <Stack gap="1" minW="0">
                        <Text fontWeight="semibold" wordBreak="break-all">
                          {a.email}
                        </Text>
                        <Text fontSize="sm" color="fg.muted">
                          {t`${tier} · sent ${when}`}
                        </Text>
                        <HStack gap="2" wrap="wrap">
                          <Badge colorPalette={STATUS_PALETTE[a.status]}>{i18n._(STATUS_WORDS[a.status])}</Badge>
                          {approvers ? (
                            <Text fontSize="sm">
                              {mine
                                ? t`You approved it: another administrator must approve`
                                : t`Approved by ${approvers}`}
                            </Text>
                          ) : null}
                        </HStack>
                      </Stack>
                      <Button asChild size="sm" colorPalette="teal" variant={mine ? 'outline' : 'solid'}>
                        <RouterLink to={`${REVIEWS_PATH}/${a.id}`} aria-label={t`Review the application of ${email}`}>
                          <Trans>Review</Trans>
                        </RouterLink>
                      </Button>
                    </HStack>
                  </Card.Body>
                </Card.Root>
              </List.Item>
            );
          })}
        </List.Root>
      )}
    </Stack>
  );
}
