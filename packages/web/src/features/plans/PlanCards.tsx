import type { ReactNode } from 'react';
import { Badge, Box, Button, Card, Flex, HStack, Heading, Icon, SimpleGrid, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TPlan, TRiskLevel } from '@vestora/contract';
import { InvestDialogHost } from '../investment/InvestDialogHost';
import { InvestNowButton } from '../investment/InvestNowButton';
import { CARD_HONESTY } from '../investment/invest-rules';
import { type CardPlan, planLook, planRows } from './plan-display';
import { riskPalette } from './risk-level';

/**
 * The plan cards with a working Invest Now each (and the invest dialog they open); `actions` adds
 * per-card controls (the admin's edit and delete).
 */
export function PlanGrid({ plans, actions }: { plans: TPlan[]; actions?: (plan: TPlan) => ReactNode }) {
  return (
    <>
      {/* Columns at least 20rem wide (#34): at 1280 px, beside the sidebar, three columns left a name ~12 characters
          a line, and long words broke inside; now two there, three from ~1500 px, one on a phone. */}
      <SimpleGrid templateColumns="repeat(auto-fill, minmax(min(100%, 20rem), 1fr))" gap="5">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} actions={actions?.(plan)} invest={<InvestNowButton plan={plan} />} />
        ))}
      </SimpleGrid>
      <InvestDialogHost plans={plans} />
    </>
  );
}

/** One plan card; `preview` (the admin form's live preview) shows it without a working Invest Now. */
export function PlanCard({
  plan,
  actions,
  invest,
  preview = false,
}: {
  plan: CardPlan & { investmentPlanName: string };
  actions?: ReactNode;
  /** The card's Invest Now (a disabled one when absent). */
  invest?: ReactNode;
  preview?: boolean;
}) {
  const { t, i18n } = useLingui();
  const look = planLook(plan.investmentPlanName);
  const planName = plan.investmentPlanName;
  return (
    <Card.Root
      as="article"
      aria-label={preview ? t`Plan card preview` : t`${planName} plan`}
      borderWidth="1px"
      borderTopWidth="4px"
      borderTopColor={look.palette === 'gray' ? 'border.emphasized' : `${look.palette}.solid`}
      colorPalette={look.palette}
      transition="box-shadow 0.2s, transform 0.2s"
      _hover={{ shadow: 'lg', transform: 'translateY(-2px)' }}
    >
      <Card.Header>
        {/* The actions wrap under the name when both do not fit (#34: a paused plan's badge and buttons squeezed
            its name to one letter a line). The name's basis is its whole width on one line, so the actions share its
            row only when the name fits beside them; alone on its row it wraps between words, never inside one
            (a word is cut only if it is wider than the card itself). */}
        <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <HStack gap="3" minW="0" flex="1 1 auto">
            <Flex
              flexShrink={0}
              boxSize="11"
              align="center"
              justify="center"
              rounded="full"
              bg="colorPalette.subtle"
              color="colorPalette.fg"
            >
              <Icon as={look.icon} boxSize="6" aria-hidden />
            </Flex>
            <Heading as="h3" size="lg" minW="0" wordBreak="normal" overflowWrap="break-word" hyphens="manual">
              {plan.investmentPlanName || (preview ? t`Plan name` : '')}
            </Heading>
          </HStack>
          {actions ? (
            <HStack gap="1" flexShrink={0} marginInlineStart="auto">
              {actions}
            </HStack>
          ) : null}
        </HStack>
      </Card.Header>
      <Card.Body pt="4">
        {plan.investmentPlanDescription?.trim() ? (
          <Text fontSize="sm" color="fg.muted" mb="3" whiteSpace="pre-line">
            {plan.investmentPlanDescription.trim()}
          </Text>
        ) : null}
        <Box as="dl" display="grid" gridTemplateColumns="minmax(6rem, 1fr) auto" columnGap="4" rowGap="2" fontSize="sm">
          {planRows(plan).map((row) => (
            <PlanRow key={row.label} label={row.label} value={row.value} wide={row.wide} risk={row.risk} />
          ))}
        </Box>
        <Text fontSize="xs" color="fg.muted" mt="4">
          {i18n._(CARD_HONESTY)}
        </Text>
      </Card.Body>
      <Card.Footer>
        {preview || !invest ? (
          <Button colorPalette="teal" variant="solid" w="full" disabled tabIndex={-1}>
            <Trans>Invest Now</Trans>
          </Button>
        ) : (
          invest
        )}
      </Card.Footer>
    </Card.Root>
  );
}

function PlanRow({
  label,
  value,
  wide,
  risk,
}: {
  label: string;
  value: string;
  wide?: boolean | undefined;
  risk?: { level: TRiskLevel | null } | undefined;
}) {
  if (wide) {
    return (
      <Box gridColumn="1 / -1">
        <Text as="dt" color="fg.muted">
          {label}
        </Text>
        <Text as="dd" fontWeight="semibold">
          {value || '—'}
        </Text>
      </Box>
    );
  }
  return (
    <Box display="contents">
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" textAlign="end" whiteSpace="nowrap">
        {risk ? <Badge colorPalette={riskPalette(risk.level)}>{value || '—'}</Badge> : value || '—'}
      </Text>
    </Box>
  );
}
