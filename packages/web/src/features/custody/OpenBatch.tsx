import { useState } from 'react';
import { Badge, Button, Card, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuDownload, LuX } from 'react-icons/lu';
import type { TPayoutBatch } from '@vestora/contract';
import { ActionDialog } from '../../components/ui/dialog';
import { toaster } from '../../components/ui/toaster';
import { downloadTextFile } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { CopyButton } from '../account/CopyButton';
import { BatchDetails } from './BatchDetails';
import { psbtFileName } from './psbt-file';
import { SignedPsbtUpload } from './SignedPsbtUpload';
import { BATCH_STATUS } from './payout-words';

/** Cancel, after a confirmation: the coins are released and the withdrawals wait for the next batch again. */
function CancelBatch({ batch }: { batch: TPayoutBatch }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const cancel = trpc.bitcoin.payoutBatch.cancel.useMutation({
    onSuccess: async () => {
      setOpen(false);
      toaster.create({
        type: 'success',
        title: t`Batch cancelled`,
        description: t`Its coins are free again and its withdrawals wait for the next batch.`,
      });
      await Promise.all([
        utils.bitcoin.payoutBatch.list.invalidate(),
        utils.withdrawal.invalidate(),
        utils.bitcoin.utxos.invalidate(),
      ]);
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Could not cancel the batch`,
        description: errorMessage(err, t`The batch could not be cancelled. Please try again.`),
      }),
  });
  return (
    <>
      <Button variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
        <LuX /> <Trans>Cancel batch</Trans>
      </Button>
      <ActionDialog
        open={open}
        title={t`Cancel this payout batch?`}
        action={{ label: t`Cancel the batch`, palette: 'red', onClick: () => cancel.mutate({ id: batch.id }) }}
        cancelLabel={t`Keep it`}
        busy={cancel.isPending}
        onClose={() => setOpen(false)}
      >
        <Text>
          <Trans>
            Its coins are released and its withdrawals go back to waiting for a batch. A PSBT already signed for it will
            be refused: do not broadcast it from your wallet.
          </Trans>
        </Text>
      </ActionDialog>
    </>
  );
}

/**
 * A batch built and waiting for its signature: what it spends and pays, the unsigned PSBT to download (a .psbt
 * file of base64 text, which Sparrow and Electrum open) or copy, the upload of the signed one, and Cancel.
 */
export function OpenBatch({ batch }: { batch: TPayoutBatch }) {
  const { t, i18n } = useLingui();
  const short = batch.id.slice(0, 8);
  const builtAt = formatDateTime(batch.createdAt);
  const download = () => {
    const name = psbtFileName(batch.id);
    downloadTextFile(name, batch.psbt, 'application/octet-stream');
    toaster.create({
      type: 'success',
      title: t`PSBT downloaded`,
      description: t`${name}: open it in your signing wallet (Sparrow: File → Open Transaction; Electrum: Tools → Load transaction → From file), sign it and upload the signed file here.`,
    });
  };
  return (
    <Card.Root
      as="section"
      aria-labelledby={`batch-${batch.id}-title`}
      data-testid="open-batch"
      borderColor="yellow.emphasized"
    >
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="sm" id={`batch-${batch.id}-title`}>
            <Trans>Batch {short}</Trans>
          </Heading>
          <Badge colorPalette={BATCH_STATUS[batch.status].palette} variant="subtle">
            {i18n._(BATCH_STATUS[batch.status].label)}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          <Trans>Built {builtAt}. Its coins are set aside until it is sent or cancelled.</Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <BatchDetails batch={batch} />
          <HStack gap="2" wrap="wrap">
            <Button colorPalette="teal" onClick={download}>
              <LuDownload /> <Trans>Download PSBT</Trans>
            </Button>
            <CopyButton
              value={batch.psbt}
              label={t`Copy base64`}
              ariaLabel={t`Copy the unsigned PSBT as base64`}
              copiedToast={t`Unsigned PSBT copied`}
              variant="outline"
            />
            <CancelBatch batch={batch} />
          </HStack>
          <Separator />
          <SignedPsbtUpload batch={batch} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
