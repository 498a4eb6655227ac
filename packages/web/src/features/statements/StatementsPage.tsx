import { useState } from 'react';
import { Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  usePageTitle(t`Bank statements`);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack gap="6">
      <PageIntro title={t`Bank statements`}>
        <Trans>
          Transfers carrying a member&apos;s reference are credited when another administrator approves the statement;
          the rest wait here as exceptions.
        </Trans>
      </PageIntro>
      <ImportStatementCard />
      <StatementList selected={selected} onSelect={(id) => setSelected(id === selected ? null : id)} />
      <StatementLines statementId={selected} />
      <Reconciliation />
    </Stack>
  );
}
