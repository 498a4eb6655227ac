import { Badge, Card, Flex, HStack, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IconType } from 'react-icons';
import { LuCheck, LuGem, LuLayers, LuLock, LuRocket } from 'react-icons/lu';
import type { TReward } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { PageIntro } from '../dashboard/PageIntro';
import { rewardTexts } from './reward-texts';

const ICONS: Record<TReward['key'], IconType> = {
  early_adopter: LuRocket,
  high_roller: LuGem,
  diverse_portfolio: LuLayers,
};

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
