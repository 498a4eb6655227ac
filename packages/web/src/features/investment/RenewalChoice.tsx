import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Field, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { RENEW_CHOICE_LABELS, type TInvestment, type TRenewChoice, ZRenewChoice } from '@vestora/contract';
import { OptionSelect } from '../../components/ui/option-select';
import { FailedAction } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { trpc } from '../../lib/trpc';
import { useInvalidateInvesting } from './investment-hooks';

/** The three choices, "pay out" first (the default). */
export const RENEW_OPTIONS = (['none', 'principal', 'principalAndInterest'] as const).map((value) => ({
  value,
  label: RENEW_CHOICE_LABELS[value],
}));

/** What a choice does, in one honest sentence (the server's rules: investment.renewal.ts). */
export function renewalSentence(choice: TRenewChoice): string {
  const fallback =
    'If the plan is then archived, paused, full or on worse terms (a lower rate, a longer term, rarer payouts or no early exit)';
  switch (choice) {
    case 'none':
      return 'At maturity the principal and the last interest go to your balance.';
    case 'principal':
      return (
        'At maturity the principal goes into a new investment in this plan, on its terms of that day; the interest ' +
        `stays in your balance. ${fallback}, the money goes to your balance instead and we tell you why.`
      );
    case 'principalAndInterest':
      return (
        'At maturity the principal and all the interest this investment paid go into a new investment in this plan, ' +
        'on its terms of that day. The interest reaches your balance at each payout, so it is taken back from there: ' +
        `if your balance no longer holds it, or ${fallback.charAt(0).toLowerCase()}${fallback.slice(1)}, ` +
        'everything goes to your balance instead and we tell you why.'
      );
  }
}

/** The "At maturity" select with its sentence (the invest dialog and the position page). */
export function RenewalSelect({
  value,
  onChange,
  disabled,
}: {
  value: TRenewChoice;
  onChange: (v: TRenewChoice) => void;
  disabled?: boolean;
}) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>At maturity</Field.Label>
      <OptionSelect
        name="renew"
        options={RENEW_OPTIONS}
        value={value}
        onChange={(e) => onChange(ZRenewChoice.parse(e.currentTarget.value))}
      />
      <Field.HelperText data-testid="renewal-sentence">{renewalSentence(value)}</Field.HelperText>
    </Field.Root>
  );
}

/** Whether the owner may still change the choice: active and before maturity (the server says so too). */
export function canChangeRenewal(p: TInvestment, now = Date.now()): boolean {
  return p.status === 'active' && new Date(p.maturityAt).getTime() > now;
}

/** Links between a renewed position and the one it came from, or why a chosen renewal did not happen. */
export function RenewalLinks({ position }: { position: TInvestment }) {
  return (
    <>
      {position.renewedFromId ? (
        <Text fontSize="sm">
          Renewed from{' '}
          <Link asChild color="teal.700">
            <RouterLink to={`/dashboard/investments/${position.renewedFromId}`}>the investment that matured</RouterLink>
          </Link>
          .
        </Text>
      ) : null}
      {position.renewedIntoId ? (
        <Text fontSize="sm">
          Renewed at maturity into{' '}
          <Link asChild color="teal.700">
            <RouterLink to={`/dashboard/investments/${position.renewedIntoId}`}>a new investment</RouterLink>
          </Link>
          .
        </Text>
      ) : null}
      {position.renewalDeclined ? (
        <Text fontSize="sm" color="orange.800">
          Not renewed: {position.renewalDeclined}. The money went to your balance.
        </Text>
      ) : null}
    </>
  );
}

/** The position page's renewal section: the choice, changeable by its owner until maturity. */
export function RenewalSection({ position, isOwner }: { position: TInvestment; isOwner: boolean }) {
  const [choice, setChoice] = useState<TRenewChoice>(position.renew);
  const invalidate = useInvalidateInvesting();
  const save = trpc.investment.setRenewal.useMutation({
    onSuccess: async (p) => {
      toaster.create({ type: 'success', title: `At maturity: ${RENEW_CHOICE_LABELS[p.renew].toLowerCase()}` });
      await invalidate();
    },
  });
  const editable = isOwner && canChangeRenewal(position);
  return (
    <Stack gap="2" as="section" aria-label="At maturity">
      {editable ? (
        <HStack align="flex-end" gap="3" flexWrap="wrap">
          <Stack flex="1" minW="16rem">
            <RenewalSelect value={choice} onChange={setChoice} disabled={save.isPending} />
          </Stack>
          <Button
            size="sm"
            colorPalette="teal"
            disabled={choice === position.renew}
            loading={save.isPending}
            onClick={() => save.mutate({ id: position.id, renew: choice })}
          >
            Save the choice
          </Button>
        </HStack>
      ) : (
        <Text fontSize="sm">
          <strong>At maturity:</strong> {RENEW_CHOICE_LABELS[position.renew]}
          {isOwner && position.status === 'active' ? ' (maturity is here: the choice can no longer change)' : ''}.
        </Text>
      )}
      <RenewalLinks position={position} />
      {save.isError ? <FailedAction title="The choice was not changed" error={save.error} /> : null}
    </Stack>
  );
}
