import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Field,
  Heading,
  NativeSelect,
  RadioGroup,
  Stack,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { KYC_ITEMS, type TKycApplicationDetail, type TKycDecision, type TKycItem } from '@vestora/contract';
import { ActionDialog } from '../../components/ui/dialog';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { ITEM_WORDS } from './kyc-words';

const CHOICES: { value: TKycDecision; label: MessageDescriptor; hint: MessageDescriptor }[] = [
  {
    value: 'approve',
    label: msg`Approve`,
    hint: msg`The details match the documents. A second administrator must also approve.`,
  },
  {
    value: 'retry',
    label: msg`Ask to send again`,
    hint: msg`One item is missing, unreadable or wrong: the member sends it again.`,
  },
  {
    value: 'reject',
    label: msg`Reject for good`,
    hint: msg`The member cannot apply again. Use only for fraud or a refused person.`,
  },
];

/** What the application's own details and documents are (a retry asks for one of them again). */
function itemsOf(a: TKycApplicationDetail): TKycItem[] {
  const kinds = new Set<string>(a.documents.map((d) => d.kind));
  return KYC_ITEMS.filter((i) => ['legal_name', 'date_of_birth', 'address'].includes(i) || kinds.has(i));
}

/**
 * The decision on an application: approve (the first approval waits for a second, different administrator), ask
 * the member to send one item again with the reason they will see, or reject for good (asked to confirm). The note
 * is for administrators only.
 */
export function ReviewActions({ application: a }: { application: TKycApplicationDetail }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { user: me } = useSession();
  const [decision, setDecision] = useState<TKycDecision>('approve');
  const [item, setItem] = useState<TKycItem>(itemsOf(a)[0] ?? 'identity');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const review = trpc.kyc.review.useMutation({
    onSuccess: async (result) => {
      setConfirming(false);
      setReason('');
      setNote('');
      if (result.status === 'awaiting_second_review')
        toaster.create({ type: 'success', title: t`Approved once: another administrator must approve` });
      else if (result.status === 'approved')
        toaster.create({ type: 'success', title: t`Approved`, description: t`The member now holds the tier.` });
      else if (result.status === 'retry')
        toaster.create({
          type: 'success',
          title: t`Asked to send again`,
          description: t`The member sees your reason.`,
        });
      else toaster.create({ type: 'success', title: t`Rejected for good` });
      await Promise.all([utils.kyc.get.invalidate({ id: a.id }), utils.kyc.queue.invalidate()]);
    },
    onError: (err) => {
      setConfirming(false);
      setError(errorMessage(err, t`The decision could not be saved. Please try again.`));
    },
  });

  const open = a.status === 'pending' || a.status === 'awaiting_second_review';
  const approvedByMe =
    a.reviews.some((r) => r.decision === 'approve' && r.reviewerId === me?.id) && a.status === 'awaiting_second_review';
  const own = a.member.id === me?.id;
  if (!open)
    return (
      <Alert.Root status="info" role="status">
        <Alert.Indicator />
        <Alert.Title>
          <Trans>This application is decided; nothing is left to do.</Trans>
        </Alert.Title>
      </Alert.Root>
    );

  const send = () => {
    setError(null);
    review.mutate({
      id: a.id,
      decision,
      reason: reason.trim(),
      ...(decision === 'retry' ? { item } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  };
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const needsReason = decision !== 'approve';
    setReasonMissing(needsReason && reason.trim() === '');
    if (needsReason && reason.trim() === '') return;
    if (decision === 'reject') setConfirming(true);
    else send();
  };
  const email = a.member.email;

  return (
    <Card.Root as="section" aria-labelledby="kyc-decision-heading">
      <Card.Header>
        <Heading as="h2" id="kyc-decision-heading" size="md">
          <Trans>Decision</Trans>
        </Heading>
        {a.status === 'awaiting_second_review' ? (
          <Text fontSize="sm" color="purple.fg" fontWeight="medium" data-testid="kyc-approved-once">
            {approvedByMe
              ? t`Approved once: another administrator must approve`
              : t`Approved once: your approval completes it`}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>
        {own ? (
          <Text color="fg.muted">
            <Trans>This is your own application: another administrator decides it.</Trans>
          </Text>
        ) : approvedByMe ? (
          <Text color="fg.muted">
            <Trans>You approved it. Another administrator must approve it too, or ask the member again.</Trans>
          </Text>
        ) : (
          <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={onSubmit} noValidate>
            {error ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>
                    <Trans>Not saved</Trans>
                  </Alert.Title>
                  <Alert.Description>{error}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            ) : null}
            <RadioGroup.Root
              value={decision}
              onValueChange={(e) => e.value && setDecision(e.value as TKycDecision)}
              disabled={review.isPending}
              aria-label={t`Decision`}
            >
              <Stack gap="3">
                {CHOICES.map((c) => (
                  <RadioGroup.Item key={c.value} value={c.value} alignItems="start">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <Stack gap="0">
                      <RadioGroup.ItemText fontWeight="medium">{i18n._(c.label)}</RadioGroup.ItemText>
                      <Text fontSize="sm" color="fg.muted">
                        {i18n._(c.hint)}
                      </Text>
                    </Stack>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            {decision === 'retry' ? (
              <Field.Root required disabled={review.isPending}>
                <Field.Label>
                  <Trans>Which item to send again</Trans> <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={item} onChange={(e) => setItem(e.target.value as TKycItem)}>
                    {itemsOf(a).map((i) => (
                      <option key={i} value={i}>
                        {i18n._(ITEM_WORDS[i])}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            ) : null}
            <Field.Root
              required={decision !== 'approve'}
              invalid={reasonMissing && reason.trim() === ''}
              disabled={review.isPending}
            >
              <Field.Label>
                {decision === 'approve' ? (
                  <Trans>Reason (kept for the record)</Trans>
                ) : (
                  <Trans>Reason the member will see</Trans>
                )}{' '}
                <Field.RequiredIndicator />
              </Field.Label>
              <Textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={2} maxLength={1000} />
              <Field.ErrorText>
                <Trans>Say why, so the member knows what to do.</Trans>
              </Field.ErrorText>
            </Field.Root>
            <Field.Root disabled={review.isPending}>
              <Field.Label>
                <Trans>Note for administrators</Trans>
              </Field.Label>
              <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={2000} />
              <Field.HelperText>
                <Trans>Never shown to the member.</Trans>
              </Field.HelperText>
            </Field.Root>
            <Button
              type="submit"
              alignSelf="start"
              colorPalette={decision === 'reject' ? 'red' : 'teal'}
              loading={review.isPending && !confirming}
            >
              {decision === 'approve' ? (
                <Trans>Approve</Trans>
              ) : decision === 'retry' ? (
                <Trans>Ask to send again</Trans>
              ) : (
                <Trans>Reject for good...</Trans>
              )}
            </Button>
          </chakra.form>
        )}
      </Card.Body>
      <ActionDialog
        open={confirming}
        title={t`Reject the application of ${email} for good?`}
        action={{ label: t`Reject for good`, palette: 'red', onClick: send }}
        cancelLabel={t`Cancel`}
        busy={review.isPending}
        onClose={() => setConfirming(false)}
      >
        <Text>
          <Trans>The member cannot apply again and sees your reason. This cannot be undone.</Trans>
        </Text>
      </ActionDialog>
    </Card.Root>
  );
}
