import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { usePageTitle } from '../../lib/page-title';
import { PageIntro } from '../dashboard/PageIntro';
import { ImportStatementCard } from './ImportStatementCard';
import { StatementList } from './StatementList';
import { StatementLines } from './StatementLines';
import { Reconciliation } from './Reconciliation';

/**
 * /dashboard/statements (admins): import the bank's statements, approve another admin's import (four eyes),
 * resolve the lines that matched no one, and check the books against the bank.
 */
export default function StatementsPage() {
  usePageTitle('Bank statements');
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack gap="6">
      <PageIntro title="Bank statements">
        Transfers carrying a member&apos;s reference are credited when another administrator approves the statement; the
        rest wait here as exceptions.
      </PageIntro>
      <ImportStatementCard />
      <StatementList selected={selected} onSelect={(id) => setSelected(id === selected ? null : id)} />
      <StatementLines statementId={selected} />
      <Reconciliation />
    </Stack>
  );
}
