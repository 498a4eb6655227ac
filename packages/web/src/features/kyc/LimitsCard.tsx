import { Badge, Card, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TKycStatus } from '@vestora/contract';
import { limitWindows, mayWithdraw, money, usdCents, type LimitWindow } from './kyc-limits';
import { ITEM_WORDS, tierWords } from './kyc-words';

/** One window of the limits: used of the limit, as numbers and a bar, and what is left. */
function LimitBar({ label, window }: { label: string; window: LimitWindow }) {
  const { t } = useLingui();
  const used = money(window.usedCents);
  const limit = money(window.limitCents);
  const left = money(window.leftCents);
  return (
    <Progress.Root
      value={window.usedPercent}
      max={100}
      size="sm"
      colorPalette={window.usedPercent >= 90 ? 'orange' : 'teal'}
    >
      <HStack justify="space-between" mb="1" gap="2" wrap="wrap">
        <Progress.Label fontSize="sm" fontWeight="medium">
          {label}
        </Progress.Label>
        <Text fontSize="sm" color="fg.muted">
          {t`${used} used of ${limit}`}
        </Text>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
      <Text fontSize="sm" mt="1">
        <Trans>
          <strong>{left}</strong> left
        </Trans>
      </Text>
    </Progress.Root>
  );
}

/** The member's tier, their limits and what is used of them (day and 30 days), and what the next tier brings. */
export function LimitsCard({ status }: { status: TKycStatus }) {
  const { t, i18n } = useLingui();
  const { daily, monthly } = limitWindows(status.limits);
  const next = status.next;
  const nextDaily = next ? money(usdCents(next.dailyUsd)) : '';
  const nextMonthly = next ? money(usdCents(next.monthlyUsd)) : '';
  const needs = next ? next.needs.map((item) => i18n._(ITEM_WORDS[item])).join(', ') : '';
  const nextName = next ? i18n._(tierWords(next.tier)) : '';
  return (
    <Card.Root as="section" aria-labelledby="kyc-limits-heading">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" id="kyc-limits-heading" size="lg">
            <Trans>Your withdrawal limits</Trans>
          </Heading>
          <Badge colorPalette={status.tier > 0 ? 'green' : 'gray'} size="lg" data-testid="kyc-tier">
            {i18n._(tierWords(status.tier))}
          </Badge>
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          <Trans>Every way money leaves counts: bank, PayPal and Bitcoin (valued in dollars when you ask).</Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {mayWithdraw(status.limits) ? (
            <>
              <LimitBar label={t`Today (the last 24 hours)`} window={daily} />
              <LimitBar label={t`The last 30 days`} window={monthly} />
            </>
          ) : (
            <Text fontWeight="medium" data-testid="kyc-no-withdrawals">
              <Trans>At your tier you cannot withdraw yet. Deposits, investing and trading are open.</Trans>
            </Text>
          )}
          {next ? (
            <Stack gap="1" borderTopWidth="1px" pt="4">
              <Heading as="h3" size="sm">
                {t`Next: ${nextName}`}
              </Heading>
              <Text fontSize="sm">
                <Trans>
                  Withdraw up to {nextDaily} a day and {nextMonthly} in 30 days.
                </Trans>
              </Text>
              <Text fontSize="sm" color="fg.muted">
                <Trans>It needs: {needs}.</Trans>
              </Text>
            </Stack>
          ) : (
            <Text fontSize="sm" color="fg.muted" borderTopWidth="1px" pt="4">
              <Trans>You hold the highest tier.</Trans>
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
