import { Badge, Card, Flex, HStack, Heading, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { IconType } from 'react-icons';
import { LuCheck, LuGem, LuLayers, LuLock, LuRocket } from 'react-icons/lu';
import type { TReward } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { EmptyState, ErrorState, PageLoader } from '../../components/ui/states';
import { PageIntro } from '../dashboard/PageIntro';

const ICONS: Record<TReward['key'], IconType> = {
  early_adopter: LuRocket,
  high_roller: LuGem,
  diverse_portfolio: LuLayers,
};

/** /dashboard/rewards: the three badges, earned or locked from the user's real data. */
export default function RewardsPage() {
  const rewards = trpc.reward.list.useQuery();

  return (
    <Stack gap="6">
      <PageIntro title="Rewards">Badges you earn as you use your account.</PageIntro>
      {rewards.isPending ? (
        <PageLoader label="Loading rewards..." />
      ) : rewards.isError ? (
        <ErrorState
          title="Could not load your rewards"
          description={errorMessage(rewards.error, 'Please try again.')}
          onRetry={() => void rewards.refetch()}
        />
      ) : rewards.data.length === 0 ? (
        <EmptyState title="No rewards available" description="Rewards will appear here." />
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
  const palette = reward.earned ? 'teal' : 'gray';
  return (
    <Card.Root
      as="article"
      aria-label={`${reward.name}: ${reward.earned ? 'earned' : 'locked'}`}
      colorPalette={palette}
    >
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
              {reward.earned ? 'Earned' : 'Locked'}
            </Badge>
          </HStack>
          <Stack gap="1">
            <Heading as="h2" size="md">
              {reward.name}
            </Heading>
            <Text>{reward.description}</Text>
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            {reward.detail}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
