import { Badge, Card, Flex, HStack, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IconType } from 'react-icons';
import { LuCheck, LuGem, LuLayers, LuLock, LuRocket } from 'react-icons/lu';
import type { TReward } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { PageIntro } from '../dashboard/PageIntro';

const ICONS: Record<TReward['key'], IconType> = {
  early_adopter: LuRocket,
  high_roller: LuGem,
  diverse_portfolio: LuLayers,
};

const NAME: Record<TReward['key'], ReturnType<typeof msg>> = {
  early_adopter: msg`Early Adopter`,
  high_roller: msg`High Roller`,
  diverse_portfolio: msg`Diverse Portfolio`,
};

const WHAT = {
  'confirmed deposit': msg`confirmed deposit`,
  'paid withdrawal': msg`paid withdrawal`,
  investment: msg`investment`,
} as const;

/** `$12,345.67` in the server's English sentence, shown in the reader's format. */
const money = (text: string | undefined) => formatMoney(Number((text ?? '').replace(/[$,]/g, '')));

/**
 * The badge's description and detail in the reader's language. The server words them in English with the dates and
 * amounts inside (the contract carries no parameters), so the values are read back from its sentences; anything not
 * recognised is shown as the server wrote it.
 */
function rewardTexts(reward: TReward, i18n: I18n): { name: string; description: string; detail: string } {
  const name = i18n._(NAME[reward.key]);
  const dates = reward.detail.match(/\d{4}-\d{2}-\d{2}/g) ?? [];
  const amounts = reward.detail.match(/\$[\d,]+\.\d{2}/g) ?? [];
  if (reward.key === 'early_adopter') {
    const launch = reward.description.match(/\d{4}-\d{2}-\d{2}/)?.[0];
    const description = launch
      ? i18n._(msg`Opened an account by the launch date (${launch})`)
      : i18n._(msg`Opened an account by the launch date`);
    if (!launch) {
      const detail = i18n._(
        msg`Locked: Vestora has not announced its launch date yet, so nobody has earned this badge so far.`,
      );
      return { name, description, detail };
    }
    const openedOn = dates.find((d) => d !== launch) ?? launch;
    const detail = reward.earned
      ? i18n._(msg`Earned: your account was opened on ${openedOn}, on or before the launch date (${launch}).`)
      : i18n._(msg`Locked: this badge is for accounts opened on or before ${launch}; yours was opened on ${openedOn}.`);
    return { name, description, detail };
  }
  if (reward.key === 'high_roller') {
    const threshold = formatMoney(10_000);
    const limit = threshold.replace(/[.,]00(?=\D*$)/, '');
    const description = i18n._(msg`Single transaction over ${limit}`);
    const kind = Object.keys(WHAT).find((w) => reward.detail.includes(`largest ${w} was`)) as
      | keyof typeof WHAT
      | undefined;
    if (reward.earned && kind && amounts[0]) {
      const which = i18n._(WHAT[kind]);
      const biggest = money(amounts[0]);
      return {
        name,
        description,
        detail: i18n._(msg`Earned: your largest ${which} was ${biggest}, over ${threshold}.`),
      };
    }
    if (!reward.earned && amounts.length > 1) {
      const biggest = money(amounts[1]);
      const detail = i18n._(
        msg`Locked: you need one confirmed deposit, paid withdrawal or investment over ${threshold}; your largest so far is ${biggest}.`,
      );
      return { name, description, detail };
    }
    if (!reward.earned) {
      const detail = i18n._(
        msg`Locked: you need one confirmed deposit, paid withdrawal or investment over ${threshold}.`,
      );
      return { name, description, detail };
    }
    return { name, description, detail: reward.detail };
  }
  return {
    name,
    description: i18n._(msg`Hold more than 5 cryptocurrencies`),
    detail: reward.earned
      ? reward.detail
      : i18n._(
          msg`Locked: Vestora does not hold cryptocurrency positions for you yet, so this badge cannot be earned until it does.`,
        ),
  };
}

/** /dashboard/rewards: the three badges, earned or locked from the user's real data. */
export default function RewardsPage() {
  const { t } = useLingui();
  const rewards = trpc.reward.list.useQuery();

  return (
    <Stack gap="6">
      <PageIntro title={t`Rewards`}>
        <Trans>Badges you earn as you use your account.</Trans>
      </PageIntro>
      {rewards.isPending ? (
        <PageLoader label={t`Loading rewards...`} />
      ) : rewards.isError ? (
        <ErrorState
          title={t`Could not load your rewards`}
          description={errorMessage(rewards.error, t`Please try again.`)}
          onRetry={() => void rewards.refetch()}
        />
      ) : rewards.data.length === 0 ? (
        <EmptyState title={t`No rewards available`} description={t`Rewards will appear here.`} />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="5">
          {rewards.data.map((r) => (
            <RewardCard key={r.key} reward={r} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function RewardCard({ reward }: { reward: TReward }) {
  const { t, i18n } = useLingui();
  const palette = reward.earned ? 'teal' : 'gray';
  const { name, description, detail } = rewardTexts(reward, i18n);
  return (
    <Card.Root as="article" aria-label={reward.earned ? t`${name}: earned` : t`${name}: locked`} colorPalette={palette}>
      <Card.Body>
        <Stack gap="4">
          <HStack justify="space-between" align="flex-start">
            <Flex
              boxSize="12"
              align="center"
              justify="center"
              rounded="full"
              bg="colorPalette.subtle"
              color="colorPalette.fg"
              opacity={reward.earned ? 1 : 0.7}
            >
              <Icon as={ICONS[reward.key] ?? LuGem} boxSize="6" aria-hidden />
            </Flex>
            <Badge
              colorPalette={reward.earned ? 'green' : 'gray'}
              size="md"
              variant={reward.earned ? 'solid' : 'subtle'}
            >
              {reward.earned ? <LuCheck aria-hidden /> : <LuLock aria-hidden />}
              {reward.earned ? <Trans>Earned</Trans> : <Trans>Locked</Trans>}
            </Badge>
          </HStack>
          <Stack gap="1">
            <Heading as="h2" size="md">
              {name}
            </Heading>
            <Text>{description}</Text>
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            {detail}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
