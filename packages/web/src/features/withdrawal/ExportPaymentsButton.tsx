import { Button, HStack, Text } from '@chakra-ui/react';
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
  const utils = trpc.useUtils();
  const exportPayments = trpc.withdrawal.exportPayments.useMutation({
    onSuccess: (file) => {
      if (file.count === 0) {
        toaster.create({
          type: 'info',
          title: 'Nothing to export',
          description: 'No approved bank withdrawal is waiting for the payment file.',
        });
        return;
      }
      downloadTextFile(file.fileName, file.content, 'application/xml;charset=utf-8');
      toaster.create({
        type: 'success',
        title: 'Payment file exported',
        description: `${file.count} ${file.count === 1 ? 'payout' : 'payouts'} of ${formatMoney(file.total)} in total saved to ${file.fileName}. Upload it to the bank.`,
      });
      void utils.withdrawal.invalidate();
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: 'Export failed',
        description: errorMessage(err, 'The payment file could not be made. Please try again.'),
      }),
  });

  return (
    <HStack justify="space-between" wrap="wrap" gap="3">
      <Text color="fg.muted" fontSize="sm" maxW="40rem">
        Approved bank withdrawals wait for the payment file: export it and upload it to the bank. The bank
        statement&apos;s debit lines then mark them paid.
      </Text>
      <Button
        variant="outline"
        colorPalette="teal"
        onClick={() => exportPayments.mutate()}
        loading={exportPayments.isPending}
        loadingText="Exporting..."
      >
        <LuFileDown /> Export payment file
      </Button>
    </HStack>
  );
}
