import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Field, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type TInvestment, type TRenewChoice, ZRenewChoice } from '@vestora/contract';
import { OptionSelect } from '../../components/ui/option-select';
import { FailedAction } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { trpc } from '../../lib/trpc';
import { useInvalidateInvesting } from './investment-hooks';

/** The three choices' names: the contract's RENEW_CHOICE_LABELS, translated. */
export const RENEW_CHOICE: Record<TRenewChoice, MessageDescriptor> = {
  none: msg`Pay out to my balance`,
  principal: msg`Renew the principal`,
  principalAndInterest: msg`Renew principal and interest`,
};

/** The same inside a sentence ("At maturity: {choice}"). */
const RENEW_CHOICE_IN_SENTENCE: Record<TRenewChoice, MessageDescriptor> = {
  none: msg({ message: 'pay out to my balance', comment: 'Fills {choice} in "At maturity: {choice}"' }),
  principal: msg({ message: 'renew the principal', comment: 'Fills {choice} in "At maturity: {choice}"' }),
  principalAndInterest: msg({
    message: 'renew principal and interest',
    comment: 'Fills {choice} in "At maturity: {choice}"',
  }),
};

/** What a choice does, in one honest sentence (the server's rules: investment.renewal.ts). */
export function renewalSentence(choice: TRenewChoice): string {
  switch (choice) {
    case 'none':
      return t`At maturity the principal and the last interest go to your balance.`;
    case 'principal':
      return t`At maturity the principal goes into a new investment in this plan, on its terms of that day; the interest stays in your balance. If the plan is then archived, paused, full or on worse terms (a lower rate, a longer term, rarer payouts or no early exit), the money goes to your balance instead and we tell you why.`;
    case 'principalAndInterest':
      return t`At maturity the principal and all the interest this investment paid go into a new investment in this plan, on its terms of that day. The interest reaches your balance at each payout, so it is taken back from there: if your balance no longer holds it, or if the plan is then archived, paused, full or on worse terms (a lower rate, a longer term, rarer payouts or no early exit), everything goes to your balance instead and we tell you why.`;
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
  const { i18n } = useLingui();
  // "Pay out" first (the default).
  const options = (['none', 'principal', 'principalAndInterest'] as const).map((v) => ({
    value: v,
    label: i18n._(RENEW_CHOICE[v]),
  }));
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>
        <Trans>At maturity</Trans>
      </Field.Label>
      <OptionSelect
        name="renew"
        options={options}
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
  const reason = position.renewalDeclined;
  return (
    <>
      {position.renewedFromId ? (
        <Text fontSize="sm">
          <Trans>
            Renewed from{' '}
            <Link asChild color="teal.fg">
              <RouterLink to={`/dashboard/investments/${position.renewedFromId}`}>
                the investment that matured
              </RouterLink>
            </Link>
            .
          </Trans>
        </Text>
      ) : null}
      {position.renewedIntoId ? (
        <Text fontSize="sm">
          <Trans>
            Renewed at maturity into{' '}
            <Link asChild color="teal.fg">
              <RouterLink to={`/dashboard/investments/${position.renewedIntoId}`}>a new investment</RouterLink>
            </Link>
            .
          </Trans>
        </Text>
      ) : null}
      {reason ? (
        <Text fontSize="sm" color="fg.warning">
          <Trans>Not renewed: {reason}. The money went to your balance.</Trans>
        </Text>
      ) : null}
    </>
  );
}

/** The position page's renewal section: the choice, changeable by its owner until maturity. */
export function RenewalSection({ position, isOwner }: { position: TInvestment; isOwner: boolean }) {
  const { i18n } = useLingui();
  const [choice, setChoice] = useState<TRenewChoice>(position.renew);
  const invalidate = useInvalidateInvesting();
  const save = trpc.investment.setRenewal.useMutation({
    onSuccess: async (p) => {
      const chosen = i18n._(RENEW_CHOICE_IN_SENTENCE[p.renew]);
      toaster.create({ type: 'success', title: t`At maturity: ${chosen}` });
      await invalidate();
    },
  });
  const editable = isOwner && canChangeRenewal(position);
  const current = i18n._(RENEW_CHOICE[position.renew]);
  return (
    <Stack gap="2" as="section" aria-label={t`At maturity`}>
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
            <Trans>Save the choice</Trans>
          </Button>
        </HStack>
      ) : (
        <Text fontSize="sm">
          {isOwner && position.status === 'active' ? (
            <Trans>
              <strong>At maturity:</strong> {current} (maturity is here: the choice can no longer change).
            </Trans>
          ) : (
            <Trans>
              <strong>At maturity:</strong> {current}.
            </Trans>
          )}
        </Text>
      )}
      <RenewalLinks position={position} />
      {save.isError ? <FailedAction title={t`The choice was not changed`} error={save.error} /> : null}
    </Stack>
  );
}
