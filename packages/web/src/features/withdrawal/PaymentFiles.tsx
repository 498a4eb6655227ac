import { Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuDownload } from 'react-icons/lu';
import { ScrollingTable } from '../../components/table/ScrollCue';
import { toaster } from '../../components/ui/toaster';
import { downloadTextFile } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatInteger, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/**
 * Money desk, Withdrawals (admins): the payout batches' payment files the server keeps, newest first, each with
 * Download to take the same file again (a lost download, a bank that asks for it twice). Each download is audited.
 */
export function PaymentFiles() {
  const { t } = useLingui();
  const files = trpc.withdrawal.paymentFiles.useQuery();
  const download = trpc.withdrawal.downloadPaymentFile.useMutation({
    onSuccess: (file) => {
      downloadTextFile(file.fileName, file.content, 'application/xml;charset=utf-8');
      const fileName = file.fileName;
      toaster.create({ type: 'success', title: t`Payment file downloaded`, description: t`${fileName}, as exported.` });
    },
    onError: (err) =>
      toaster.create({
        type: 'error',
        title: t`Download failed`,
        description: errorMessage(err, t`The payment file could not be downloaded. Please try again.`),
      }),
  });
  if (!files.data || files.data.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="payment-files-title" gap="2">
      <Heading as="h2" size="sm" id="payment-files-title">
        <Trans>Payment files</Trans>
      </Heading>
      <ScrollingTable label={t`Payment files table`}>
        <Table.Root size="sm" minW="36rem">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>Exported</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>File</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>Payouts</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Trans>Total</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Action</Trans>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {files.data.map((f) => {
              const fileName = f.fileName;
              const busy = download.isPending && download.variables?.fileName === fileName;
              return (
                <Table.Row key={fileName}>
                  <Table.Cell>
                    {formatDateTime(f.createdAt)}
                    {f.createdByEmail ? (
                      <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                        {f.createdByEmail}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs" overflowWrap="anywhere">
                    {fileName}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatInteger(f.count)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(f.total)}</Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t`Download ${fileName} again`}
                      loading={busy}
                      disabled={download.isPending && !busy}
                      onClick={() => download.mutate({ fileName })}
                    >
                      <LuDownload /> <Trans>Download</Trans>
                    </Button>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </ScrollingTable>
      <Text fontSize="xs" color="fg.muted">
        <Trans>The same file as exported: upload it again only if the bank did not receive it the first time.</Trans>
      </Text>
    </Stack>
  );
}
