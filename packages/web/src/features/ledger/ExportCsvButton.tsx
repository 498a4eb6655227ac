import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { LuDownload } from 'react-icons/lu';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../components/ui/toaster';
import { downloadTextFile } from '../../lib/download';
import { ledgerCsvFileName, ledgerToCsv } from './csv';
import { useFetchAllLedgerEntries } from '../../lib/money-hooks';

/** Downloads the signed-in user's whole ledger history as CSV (every page, fetched on click). */
export function ExportCsvButton({ userId }: { userId: string | undefined }) {
  const { t } = useLingui();
  const fetchAll = useFetchAllLedgerEntries();
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    setBusy(true);
    try {
      const entries = await fetchAll(userId);
      if (entries.length === 0) {
        toaster.create({
          type: 'info',
          title: t`Nothing to export yet`,
          description: t`Your history has no entries.`,
        });
        return;
      }
      const fileName = ledgerCsvFileName();
      downloadTextFile(fileName, ledgerToCsv(entries));
      toaster.create({
        type: 'success',
        title: t`History exported`,
        description: t({
          message: plural(entries.length, {
            one: `# entry saved to ${fileName}.`,
            other: `# entries saved to ${fileName}.`,
          }),
        }),
      });
    } catch (err) {
      toaster.create({
        type: 'error',
        title: t`Export failed`,
        description: errorMessage(err, t`The history could not be exported.`),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outline"
      colorPalette="teal"
      onClick={() => void exportCsv()}
      loading={busy}
      loadingText={t`Exporting...`}
    >
      <LuDownload /> <Trans>Export CSV</Trans>
    </Button>
  );
}
