import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { LuDownload } from 'react-icons/lu';
import { errorMessage } from '../../lib/errors';
import { toaster } from '../../components/ui/toaster';
import { downloadTextFile } from '../../lib/download';
import { ledgerCsvFileName, ledgerToCsv } from './csv';
import { useFetchAllLedgerEntries } from '../../lib/money-hooks';

/** Downloads the signed-in user's whole ledger history as CSV (every page, fetched on click). */
export function ExportCsvButton({ userId }: { userId: string | undefined }) {
  const fetchAll = useFetchAllLedgerEntries();
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    setBusy(true);
    try {
      const entries = await fetchAll(userId);
      if (entries.length === 0) {
        toaster.create({ type: 'info', title: 'Nothing to export yet', description: 'Your history has no entries.' });
        return;
      }
      const fileName = ledgerCsvFileName();
      downloadTextFile(fileName, ledgerToCsv(entries));
      toaster.create({
        type: 'success',
        title: 'History exported',
        description: `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} saved to ${fileName}.`,
      });
    } catch (err) {
      toaster.create({
        type: 'error',
        title: 'Export failed',
        description: errorMessage(err, 'The history could not be exported.'),
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
      loadingText="Exporting..."
    >
      <LuDownload /> Export CSV
    </Button>
  );
}
