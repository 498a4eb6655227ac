import { Badge, Button, Card, Field, Flex, HStack, Heading, Input, Stack, Stat, Table, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuFacebook, LuTwitter } from 'react-icons/lu';
import type { TReferral, TReferralFriends } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSiteConfig } from '../../lib/site-hooks';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatInteger, formatMoney } from '../../lib/format';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { CopyButton } from '../account/CopyButton';
import { useReferralTerms } from './terms';

/** /dashboard/referral: the user's referral code and link, copy and share. */
export default function ReferralPage() {
  const { t } = useLingui();
  const session = useSession();
  const userId = session.user?.id;
  const referral = trpc.referral.get.useQuery({ userId: userId ?? '' }, { enabled: !!userId });

  return (
    <Stack gap="6" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          <Trans>Referral Program</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          <Trans>Invite friends and earn rewards</Trans>
        </Text>
      </Stack>
      {referral.isError ? (
        <ErrorState
          title={t`Could not load your referral details`}
          description={errorMessage(referral.error, t`Please try again.`)}
          onRetry={() => void referral.refetch()}
        />
      ) : !referral.data ? (
        <PageLoader label={t`Loading your referral details...`} />
      ) : (
        <ReferralDetails referral={referral.data} />
      )}
    </Stack>
  );
}

function ReferralDetails({ referral }: { referral: TReferral }) {
  // The terms the server pays (REFERRAL_REWARD_PERCENT, REFERRAL_REWARD_MAX), never written here by hand.
  const { t } = useLingui();
  const terms = useReferralTerms(useSiteConfig());
  const percent = terms?.percent ?? '';
  const max = terms?.max ?? '';
  const link = encodeURIComponent(referral.referralLink);
  const twitter = `https://twitter.com/intent/tweet?url=${link}&text=${encodeURIComponent(t`Join me on Vestora`)}`;
  const facebook = `https://www.facebook.com/sharer/sharer.php?u=${link}`;

  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Body>
          <Stack gap="5">
            <Text>
              {terms ? (
                <Trans>
                  Share your link. When a friend creates an account with it and their first investment has completed its
                  first payout period (or matured), Vestora pays you {percent}, at most {max} of that first investment
                  into your balance. If they redeem it before that, no reward is paid. The reward is paid by the
                  platform: nothing is taken from your friend.
                </Trans>
              ) : (
                <Trans>
                  Share your link. When a friend creates an account with it and their first investment has completed its
                  first payout period (or matured), Vestora pays you a share of that first investment into your balance.
                  If they redeem it before that, no reward is paid. The reward is paid by the platform: nothing is taken
                  from your friend.
                </Trans>
              )}
            </Text>
            <CopyField label={t`Your referral code`} value={referral.referralCode} copyLabel={t`Copy code`} mono />
            <CopyField label={t`Your referral link`} value={referral.referralLink} copyLabel={t`Copy link`} />
            <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
              <Button asChild colorPalette="blue" variant="solid">
                <a href={twitter} target="_blank" rel="noopener noreferrer">
                  <LuTwitter /> <Trans>Share on Twitter</Trans>
                </a>
              </Button>
              <Button asChild colorPalette="blue" variant="outline">
                <a href={facebook} target="_blank" rel="noopener noreferrer">
                  <LuFacebook /> <Trans>Share on Facebook</Trans>
                </a>
              </Button>
            </Flex>
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Stat.Root>
            <Stat.Label>
              <Trans>Friends who joined with your link</Trans>
            </Stat.Label>
            <Stat.ValueText>{formatInteger(referral.referredCount)}</Stat.ValueText>
          </Stat.Root>
        </Card.Body>
      </Card.Root>
      <ReferredFriends />
    </Stack>
  );
}

const FRIEND_STATUS = {
  signed_up: { label: msg`Signed up`, palette: 'gray' },
  invested: { label: msg`Invested`, palette: 'green' },
} as const;

/** The friends who joined with the link (first name and initial only) and the rewards they brought. */
function ReferredFriends() {
  const { t, i18n } = useLingui();
  const friends = trpc.referral.friends.useQuery();
  const total = formatMoney(friends.data?.totalRewards);
  return (
    <Card.Root as="section" aria-labelledby="friends-title">
      <Card.Header>
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Heading as="h2" id="friends-title" size="lg">
            <Trans>Your referred friends</Trans>
          </Heading>
          {friends.data ? (
            <Text fontWeight="semibold" data-testid="referral-total">
              <Trans>Total rewards received: {total}</Trans>
            </Text>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body>
        {friends.isError ? (
          <ErrorState
            title={t`Could not load your referred friends`}
            description={errorMessage(friends.error, t`Please try again.`)}
            onRetry={() => void friends.refetch()}
          />
        ) : !friends.data ? (
          <PageLoader label={t`Loading your referred friends...`} minH="6rem" />
        ) : friends.data.friends.length === 0 ? (
          <Text color="fg.muted">
            <Trans>No one has joined with your link yet.</Trans>
          </Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" minW="28rem">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <Trans>Friend</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Joined</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    <Trans>Status</Trans>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    <Trans>Your reward</Trans>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {friends.data.friends.map((f, i) => (
                  <Table.Row key={`${f.name}-${f.joinedAt}-${i}`}>
                    <Table.Cell>{f.name}</Table.Cell>
                    <Table.Cell>{formatDate(f.joinedAt)}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={FRIEND_STATUS[f.status].palette} variant="subtle">
                        {t(FRIEND_STATUS[f.status].label)}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{rewardText(f, i18n)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function CopyField({
  label,
  value,
  copyLabel,
  mono = false,
}: {
  label: string;
  value: string;
  copyLabel: string;
  mono?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <HStack w="full" gap="2">
        <Input
          value={value}
          readOnly
          fontFamily={mono ? 'mono' : undefined}
          onFocus={(e) => e.currentTarget.select()}
          flex="1"
          minW="0"
        />
        <CopyButton value={value} label={t`Copy`} ariaLabel={copyLabel} flexShrink={0} />
      </HStack>
    </Field.Root>
  );
}

/** The reward column: what was paid, or why nothing was (yet). */
const REWARD_NOTE = { pending: msg`After their first payout`, forfeited: msg`None (redeemed early)` };

function rewardText(f: TReferralFriends['friends'][number], i18n: I18n): string {
  if (f.rewardStatus === 'paid') return formatMoney(f.reward);
  if (f.rewardStatus === 'pending') return i18n._(REWARD_NOTE.pending);
  if (f.rewardStatus === 'forfeited') return i18n._(REWARD_NOTE.forfeited);
  return '—';
}
