import { Button, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { LuFileDown } from 'react-icons/lu';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { toaster } from '../../components/ui/toaster';
import { downloadTextFile } from '../../lib/download';

/**
 * Money desk, Withdrawals (admins): puts every approved bank payout not yet exported into one pain.001 payment
 * file, downloaded for the bank; those withdrawals then read "Sent to the bank" until the statement settles them.
 */
export function ExportPaymentsButton() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const exportPayments = trpc.withdrawal.exportPayments.useMutation({
    onSuccess: (file) => {
      if (file.count === 0) {
        toaster.create({
          type: 'info',
          title: t`Nothing to export`,
          description: t`No approved bank withdrawal is waiting for the payment file.`,
        });
        return;
      }
      downloadTextFile(file.fileName, file.content, 'application/xml;charset=utf-8');
      const total = formatMoney(file.total);
      const fileName = file.fileName;
      toaster.create({
        type: 'success',
        title: t`Payment file exported`,
        description: t({
          message: plural(file.count, {
            one: `# payout of ${total} in total saved to ${fileName}. Upload it to the bank.`,
            other: `# payouts of ${total} in total saved to ${fileName}. Upload it to the bank.`,
          }),
        }),
      });
      void utils.withdrawal.invalidate();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Export failed`,
        description: errorMessage(err, t`The payment file could not be made. Please try again.`),
      }),
  });

  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <Text color="fg.muted" fontSize="sm" maxW="40rem">
        <Trans>
          Approved bank withdrawals wait for the payment file: export it and upload it to the bank. The bank
          statement&apos;s debit lines then mark them paid.
        </Trans>
      </Text>
      <Button
        variant="outline"
        colorPalette="teal"
        onClick={() => exportPayments.mutate()}
        loading={exportPayments.isPending}
        loadingText={t`Exporting...`}
      >
        <LuFileDown /> <Trans>Export payment file</Trans>
      </Button>
    </HStack>
  );
}
