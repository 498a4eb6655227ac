import { Button, Card, Field, Flex, HStack, Heading, Input, Stack, Stat, Text } from '@chakra-ui/react';
import { LuFacebook, LuTwitter } from 'react-icons/lu';
import type { TReferral } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatInteger } from '../../lib/format';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { CopyButton } from '../account/CopyButton';

/** /dashboard/referral: the user's referral code and link, copy and share. */
export default function ReferralPage() {
  const session = useSession();
  const userId = session.user?.id;
  const referral = trpc.referral.get.useQuery({ userId: userId ?? '' }, { enabled: !!userId });

  return (
    <Stack gap="6" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Referral Program
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          Invite friends and earn rewards
        </Text>
      </Stack>
      {referral.isError ? (
        <ErrorState
          title="Could not load your referral details"
          description={errorMessage(referral.error, 'Please try again.')}
          onRetry={() => void referral.refetch()}
        />
      ) : !referral.data ? (
        <PageLoader label="Loading your referral details..." />
      ) : (
        <ReferralDetails referral={referral.data} />
      )}
    </Stack>
  );
}

function ReferralDetails({ referral }: { referral: TReferral }) {
  const link = encodeURIComponent(referral.referralLink);
  const twitter = `https://twitter.com/intent/tweet?url=${link}&text=${encodeURIComponent('Join me on Vestora')}`;
  const facebook = `https://www.facebook.com/sharer/sharer.php?u=${link}`;

  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Body>
          <Stack gap="5">
            <Text>Share your link. When a friend creates an account with it, they are counted as your referral.</Text>
            <CopyField label="Your referral code" value={referral.referralCode} copyLabel="Copy code" mono />
            <CopyField label="Your referral link" value={referral.referralLink} copyLabel="Copy link" />
            <Flex gap="3" direction={{ base: 'column', sm: 'row' }}>
              <Button asChild colorPalette="blue" variant="solid">
                <a href={twitter} target="_blank" rel="noopener noreferrer">
                  <LuTwitter /> Share on Twitter
                </a>
              </Button>
              <Button asChild colorPalette="blue" variant="outline">
                <a href={facebook} target="_blank" rel="noopener noreferrer">
                  <LuFacebook /> Share on Facebook
                </a>
              </Button>
            </Flex>
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Stat.Root>
            <Stat.Label>Friends who joined with your link</Stat.Label>
            <Stat.ValueText>{formatInteger(referral.referredCount)}</Stat.ValueText>
          </Stat.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
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
        <CopyButton value={value} label="Copy" ariaLabel={copyLabel} flexShrink={0} />
      </HStack>
    </Field.Root>
  );
}
