import { useId, useState } from 'react';
import { Alert, Field, Input, SimpleGrid, Stack, Switch, Text, chakra } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TAsset } from '@vestora/contract';
import { ActionDialog } from '../../components/ui/dialog';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { draftOf, termsUpdate, type TermKey, type TermsDraft } from './coin-terms';

const TERM_WORDS: Record<TermKey, MessageDescriptor> = {
  tradable: msg`Listed for trading`,
  paused: msg`Paused`,
  minUsd: msg`Smallest trade (USD)`,
  maxUsd: msg`Largest trade (USD)`,
  spreadBps: msg`Spread (basis points)`,
  feeBps: msg`Fee (basis points)`,
  exposureLimitUsd: msg`Exposure limit (USD)`,
};

/** A coin's terms as a form; saving shows the changes and asks again before asset.update. */
export function CoinTermsDialog({ asset, onClose }: { asset: TAsset; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const formId = useId();
  const utils = trpc.useUtils();
  const [draft, setDraft] = useState<TermsDraft>(() => draftOf(asset));
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [problem, setProblem] = useState<{ field: TermKey; text: string } | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const check = termsUpdate(asset, draft);
  const symbol = asset.symbol;
  const update = trpc.asset.update.useMutation({
    onSuccess: async () => {
      toaster.create({ type: 'success', title: t`The terms of ${symbol} are saved` });
      await Promise.all([utils.asset.list.invalidate(), utils.treasury.summary.invalidate()]);
      onClose();
    },
    onError: (err) => {
      setServerError(errorMessage(err, t`The terms could not be saved. Please try again.`));
      setStep('edit');
    },
  });

  const review = () => {
    setServerError(null);
    if (!check.ok) {
      setProblem({
        field: check.field,
        text:
          check.problem === 'dollars'
            ? t`Write dollars above zero, with at most cents (like 100.00).`
            : t`Write a whole number from 0 to 2000.`,
      });
      return;
    }
    setProblem(null);
    if (check.changed.length === 0) {
      onClose();
      return;
    }
    setStep('confirm');
  };

  const field = (key: Exclude<TermKey, 'tradable' | 'paused'>) => (
    <Field.Root key={key} invalid={problem?.field === key} disabled={update.isPending}>
      <Field.Label>{i18n._(TERM_WORDS[key])}</Field.Label>
      <Input
        value={draft[key]}
        inputMode="decimal"
        dir="ltr"
        autoComplete="off"
        onChange={(e) => {
          const value = e.currentTarget.value;
          setDraft((d) => ({ ...d, [key]: value }));
        }}
      />
      <Field.ErrorText>{problem?.field === key ? problem.text : null}</Field.ErrorText>
    </Field.Root>
  );
  const toggle = (key: 'tradable' | 'paused') => (
    <Switch.Root
      key={key}
      checked={draft[key]}
      disabled={update.isPending}
      onCheckedChange={(e) => setDraft((d) => ({ ...d, [key]: e.checked }))}
      colorPalette="teal"
    >
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{i18n._(TERM_WORDS[key])}</Switch.Label>
    </Switch.Root>
  );

  const shown = (key: TermKey, d: TermsDraft | TAsset) => {
    const v = d[key];
    return typeof v === 'boolean' ? (v ? t`Yes` : t`No`) : String(v);
  };

  return (
    <ActionDialog
      open
      role="dialog"
      size="md"
      scrollBehavior="inside"
      title={step === 'edit' ? t`Terms of ${symbol}` : t`Save these changes to ${symbol}?`}
      action={
        step === 'edit'
          ? { label: t`Review changes`, palette: 'teal', form: formId }
          : { label: t`Save the terms`, palette: 'teal', onClick: () => check.ok && update.mutate(check.input) }
      }
      cancelLabel={step === 'edit' ? t`Cancel` : t`Back`}
      busy={update.isPending}
      onClose={step === 'edit' ? onClose : () => setStep('edit')}
    >
      {serverError ? (
        <Alert.Root status="error" mb="4">
          <Alert.Indicator />
          <Alert.Title>{serverError}</Alert.Title>
        </Alert.Root>
      ) : null}
      {step === 'edit' ? (
        <chakra.form
          id={formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            review();
          }}
        >
          <Stack gap="4">
            {toggle('tradable')}
            {toggle('paused')}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              {field('minUsd')}
              {field('maxUsd')}
              {field('spreadBps')}
              {field('feeBps')}
              {field('exposureLimitUsd')}
            </SimpleGrid>
            <Text fontSize="xs" color="fg.muted">
              <Trans>
                The trade size bounds the dollar value before spread and fee; 100 basis points are 1%. Pausing refuses
                new quotes and the quotes not yet confirmed.
              </Trans>
            </Text>
          </Stack>
        </chakra.form>
      ) : check.ok ? (
        <Stack as="ul" gap="2" ps="5" data-testid="terms-changes">
          {check.changed.map((key) => {
            const before = shown(key, asset);
            const after = shown(key, draft);
            const term = i18n._(TERM_WORDS[key]);
            return (
              <li key={key}>
                <Trans>
                  {term}: <bdi>{before}</bdi> → <bdi>{after}</bdi>
                </Trans>
              </li>
            );
          })}
        </Stack>
      ) : null}
    </ActionDialog>
  );
}
