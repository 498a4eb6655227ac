import { QRCodeSVG } from 'qrcode.react';
import { Alert, Badge, Box, Card, Flex, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { TBitcoinInstructions } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { ErrorState, PageLoader } from '../../components/ui/states';
import { CopyButton } from '../account/CopyButton';

/** The member's Bitcoin instructions, or undefined while loading, on an error, or when the server has none. */
export function useBitcoinInstructions() {
  const q = trpc.deposit.instructions.useQuery(undefined, { retry: false });
  return { query: q, bitcoin: q.data?.bitcoin };
}

/** The "Pay in Bitcoin" card: the address (copy), its QR code and what happens to a payment. */
export function BitcoinDepositCard({ bitcoin }: { bitcoin: TBitcoinInstructions }) {
  const { t } = useLingui();
  const n = bitcoin.confirmations;
  return (
    <Card.Root as="section" aria-labelledby="bitcoin-deposit-heading">
      <Card.Header>
        <HStack gap="2" wrap="wrap">
          <Heading as="h2" id="bitcoin-deposit-heading" size="lg">
            <Trans>Pay in Bitcoin</Trans>
          </Heading>
          <Badge colorPalette="orange" variant="subtle">
            <Trans>BTC only</Trans>
          </Badge>
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          <Trans>Send Bitcoin to your own deposit address: no reference and no report needed.</Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        <Flex direction={{ base: 'column', sm: 'row' }} gap="6" align={{ base: 'center', sm: 'flex-start' }}>
          {/* A QR code stays dark on white in both themes: scanners need the contrast. */}
          <Box bg="white" p="3" rounded="md" borderWidth="1px" flexShrink={0} lineHeight="0">
            <QRCodeSVG value={bitcoin.uri} size={168} title={t`QR code of your Bitcoin deposit address`} />
          </Box>
          <Stack gap="4" flex="1" w="full" minW="0">
            <Stack gap="1">
              <Text fontSize="sm" fontWeight="medium">
                <Trans>Your Bitcoin address</Trans>
              </Text>
              <Text fontFamily="mono" fontSize="md" wordBreak="break-all" data-testid="bitcoin-address">
                {bitcoin.address}
              </Text>
              <CopyButton
                value={bitcoin.address}
                label={t`Copy address`}
                ariaLabel={t`Copy your Bitcoin address`}
                copiedToast={t`Bitcoin address copied`}
                size="sm"
                alignSelf={{ base: 'stretch', sm: 'flex-start' }}
                mt="1"
              />
            </Stack>
            <Text fontSize="sm">
              <Text as="span" fontWeight="medium">
                <Trans>Confirmations needed:</Trans>
              </Text>{' '}
              {n}
            </Text>
          </Stack>
        </Flex>
        <Alert.Root status="info" mt="5">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>What happens to your payment</Trans>
            </Alert.Title>
            <Alert.Description>
              <List.Root gap="1" ps="4" mt="1">
                <List.Item>
                  <Trans>
                    It shows in your deposits as seen as soon as it reaches the network (0 of {n} confirmations).
                  </Trans>
                </List.Item>
                <List.Item>
                  <Plural
                    value={n}
                    one="When it has # confirmation, the bitcoin you sent is credited to your holdings as BTC, exactly the amount received; it is not converted to dollars."
                    other="When it has # confirmations, the bitcoin you sent is credited to your holdings as BTC, exactly the amount received; it is not converted to dollars."
                  />
                </List.Item>
                <List.Item>
                  <Trans>
                    Your dollar balance does not change: the BTC shows in your portfolio, and you can convert it to
                    dollars with a trade whenever you choose.
                  </Trans>
                </List.Item>
                <List.Item>
                  <Trans>
                    Send Bitcoin (BTC) on the Bitcoin network only. Very small amounts (dust) are not credited: our team
                    reviews them.
                  </Trans>
                </List.Item>
              </List.Root>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The Bitcoin part of the Deposit page: the card when the server offers Bitcoin, nothing otherwise. With
 * `withStates`, its own loading and error states (where no bank instructions show them already).
 */
export function BitcoinDeposit({ withStates = false }: { withStates?: boolean }) {
  const { t } = useLingui();
  const { query: q, bitcoin } = useBitcoinInstructions();
  if (bitcoin) return <BitcoinDepositCard bitcoin={bitcoin} />;
  if (!withStates) return null;
  if (q.isPending) return <PageLoader label={t`Loading the deposit instructions...`} minH="10rem" />;
  if (q.isError)
    return (
      <ErrorState
        title={t`Could not load the deposit instructions`}
        description={errorMessage(q.error, t`Please try again.`)}
        onRetry={() => void q.refetch()}
        retrying={q.isRefetching}
      />
    );
  return null;
}
