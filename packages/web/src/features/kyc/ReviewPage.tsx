import { Link as RouterLink, useParams } from 'react-router-dom';
import { Badge, Box, Card, Heading, HStack, Image, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuArrowLeft, LuExternalLink, LuSearchX } from 'react-icons/lu';
import { ZId, type TKycApplicationDetail } from '@vestora/contract';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatDay } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { trpc } from '../../lib/trpc';
import { PageIntro } from '../dashboard/PageIntro';
import { REVIEWS_PATH } from './kyc-paths';
import { ReviewActions } from './ReviewActions';
import { DECISION_WORDS, ITEM_WORDS, KIND_WORDS, STATUS_PALETTE, STATUS_WORDS, tierWords } from './kyc-words';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" wordBreak="break-word">
        {value}
      </Text>
    </Box>
  );
}

/** The application's documents: images shown inline, every one opened through its 15-minute link in a new tab. */
function Documents({ documents }: { documents: TKycApplicationDetail['documents'] }) {
  const { t, i18n } = useLingui();
  return (
    <Card.Root as="section" aria-labelledby="kyc-docs-heading">
      <Card.Header>
        <Heading as="h2" id="kyc-docs-heading" size="md">
          <Trans>Documents</Trans>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          <Trans>Links work for 15 minutes; reload the page for new ones. Every view is recorded.</Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        {documents.length === 0 ? (
          <Text color="fg.muted">
            <Trans>No documents.</Trans>
          </Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {documents.map((d) => {
              const kind = i18n._(KIND_WORDS[d.kind]);
              const expires = d.expiresOn ? formatDay(d.expiresOn) : null;
              const size = `${Math.max(1, Math.round(d.sizeBytes / 1024))} KB`;
              return (
                <Stack key={d.id} gap="2" borderWidth="1px" rounded="l2" p="3" data-testid="kyc-review-document">
                  <Text fontWeight="semibold">{kind}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {d.mime} · {size} · {formatDateTime(d.createdAt)}
                  </Text>
                  {expires ? (
                    <Text fontSize="sm">
                      <Trans>Expires {expires}</Trans>
                    </Text>
                  ) : null}
                  {d.deleted ? (
                    <Text fontSize="sm" color="fg.muted">
                      <Trans>The file was deleted.</Trans>
                    </Text>
                  ) : d.url ? (
                    <>
                      {d.mime.startsWith('image/') ? (
                        <Image
                          src={d.url}
                          alt={t`${kind} sent by the member`}
                          maxH="64"
                          objectFit="contain"
                          rounded="l1"
                          bg="bg.muted"
                        />
                      ) : null}
                      <Link href={d.url} target="_blank" rel="noopener noreferrer" colorPalette="teal" fontSize="sm">
                        <LuExternalLink aria-hidden="true" /> {t`Open ${kind} in a new tab`}
                      </Link>
                    </>
                  ) : null}
                </Stack>
              );
            })}
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** Every decision on the application, with the reason the member saw and the admins' own notes. */
function History({ reviews }: { reviews: TKycApplicationDetail['reviews'] }) {
  const { i18n } = useLingui();
  return (
    <Card.Root as="section" aria-labelledby="kyc-history-heading">
      <Card.Header>
        <Heading as="h2" id="kyc-history-heading" size="md">
          <Trans>Review history</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        {reviews.length === 0 ? (
          <Text color="fg.muted">
            <Trans>No decision yet.</Trans>
          </Text>
        ) : (
          <List.Root variant="plain" gap="3">
            {reviews.map((r) => {
              const who = r.reviewerEmail ?? r.reviewerId;
              const item = r.item ? i18n._(ITEM_WORDS[r.item]) : null;
              const when = formatDateTime(r.createdAt);
              const { reason, note } = r;
              return (
                <List.Item key={r.id} display="block" borderBottomWidth="1px" pb="3">
                  <Text fontWeight="medium">
                    {i18n._(DECISION_WORDS[r.decision])}
                    {item ? ` · ${item}` : ''}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    <Trans>
                      {who}, {when}
                    </Trans>
                  </Text>
                  {reason ? (
                    <Text fontSize="sm">
                      <Trans>Reason (the member sees it): {reason}</Trans>
                    </Text>
                  ) : null}
                  {note ? (
                    <Text fontSize="sm" color="purple.fg">
                      <Trans>Note for administrators: {note}</Trans>
                    </Text>
                  ) : null}
                </List.Item>
              );
            })}
          </List.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** /dashboard/identity-reviews/:id (#33): one application, its documents and history, and the decision. */
export default function ReviewPage() {
  const { t, i18n } = useLingui();
  const { id = '' } = useParams();
  const wellFormed = ZId.safeParse(id).success;
  const application = trpc.kyc.get.useQuery({ id }, { retry: false, enabled: wellFormed });
  usePageTitle(t`Identity review`);
  const back = (
    <Link asChild color="teal.fg" fontSize="sm" width="fit-content">
      <RouterLink to={REVIEWS_PATH}>
        <Box as="span" display="inline-flex" _rtl={{ transform: 'scaleX(-1)' }}>
          <LuArrowLeft aria-hidden />
        </Box>{' '}
        <Trans>All identity reviews</Trans>
      </RouterLink>
    </Link>
  );
  if (!wellFormed || application.error?.data?.code === 'NOT_FOUND')
    return (
      <Stack gap="6">
        {back}
        <EmptyState
          titleAs="h2"
          icon={<LuSearchX />}
          title={t`No such application`}
          description={t`The link may be cut short, or the application was removed.`}
        />
      </Stack>
    );
  if (application.isPending)
    return (
      <Stack gap="6">
        {back}
        <PageLoader label={t`Loading the application...`} />
      </Stack>
    );
  if (application.isError)
    return (
      <Stack gap="6">
        {back}
        <ErrorState
          title={t`Could not load the application`}
          description={errorMessage(application.error)}
          onRetry={() => void application.refetch()}
          retrying={application.isRefetching}
        />
      </Stack>
    );
  const a = application.data;
  const memberName = `${a.member.firstName} ${a.member.lastName}`.trim();
  const dash = '—';
  return (
    <Stack gap="6" maxW="4xl">
      {back}
      <PageIntro title={t`Identity review: ${memberName}`}>{a.member.email}</PageIntro>
      <Card.Root as="section" aria-labelledby="kyc-details-heading">
        <Card.Header>
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Heading as="h2" id="kyc-details-heading" size="md">
              {i18n._(tierWords(a.tier))}
            </Heading>
            <Badge colorPalette={STATUS_PALETTE[a.status]} data-testid="kyc-review-status">
              {i18n._(STATUS_WORDS[a.status])}
            </Badge>
          </HStack>
        </Card.Header>
        <Card.Body>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Fact label={t`Legal name`} value={a.legalName ?? dash} />
            <Fact label={t`Date of birth`} value={a.dateOfBirth ? formatDay(a.dateOfBirth) : dash} />
            <Fact label={t`Address`} value={a.address ?? dash} />
            <Fact label={t`Sent`} value={formatDateTime(a.submittedAt)} />
            <Fact label={t`Tier now`} value={i18n._(tierWords(a.member.tier))} />
            <Fact label={t`Member since`} value={formatDateTime(a.member.createdAt)} />
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <Documents documents={a.documents} />
      <ReviewActions application={a} />
      <History reviews={a.reviews} />
    </Stack>
  );
}
