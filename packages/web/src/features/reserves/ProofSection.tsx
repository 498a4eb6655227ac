import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Card, Code, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { proofCheckText, translate, type TReservesProof, verifyLiabilityProof } from '@vestora/contract';
import { PageLoader } from '../../components/ui/states';
import { useLocalePath } from '../../i18n/hooks';
import { downloadTextFile } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { reserveAmount } from './reserves-format';

/** SHA-256 of a UTF-8 string, hex, with the browser's own Web Crypto (null where the page is not secure). */
function webSha256(): ((text: string) => Promise<string>) | null {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  return async (text) => {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  };
}

type Outcome = { ok: boolean; text: string };

function ProofBody({ proof }: { proof: TReservesProof }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [checking, setChecking] = useState(false);
  const month = proof.month;
  const steps = proof.path.length;

  const check = async () => {
    const sha256 = webSha256();
    if (!sha256) {
      setOutcome({
        ok: false,
        text: t`This browser cannot compute SHA-256 on this page (it needs a secure connection). Download the proof and check it with pnpm cli reserves:verify.`,
      });
      return;
    }
    setChecking(true);
    try {
      const result = await verifyLiabilityProof(proof, sha256);
      if (!result.ok) {
        setOutcome({ ok: false, text: translate(proofCheckText(result)) });
        return;
      }
      // The root must be the one published for everyone, not one shown only to this member.
      const published = (await utils.reserves.summary.fetch()).root;
      if (published && published.month === proof.month && published.hash !== proof.root.hash) {
        setOutcome({ ok: false, text: t`Failed: this root is not the one published on the Reserves page.` });
        return;
      }
      setOutcome({ ok: true, text: translate(proofCheckText(result)) });
    } catch (err) {
      setOutcome({ ok: false, text: errorMessage(err, t`The check could not run. Please try again.`) });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="3">
      <Text>
        <Trans>
          Your balances as counted in the published tree of {month}. Your leaf’s id and salt are yours alone: with them
          and the {steps} sibling hashes of the downloaded proof, SHA-256 leads to the root on the Reserves page.
        </Trans>
      </Text>
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" data-testid="proof-leaf-sums">
        {Object.entries(proof.leaf.sums).map(([asset, amount]) => (
          <Box as="li" key={asset}>
            <bdi>{reserveAmount(amount, asset, amount.split('.')[1]?.length ?? 0)}</bdi>
          </Box>
        ))}
      </Stack>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: 'auto 1fr' }} columnGap="3" rowGap="1">
        <Text as="dt" color="fg.muted">
          <Trans>Leaf id</Trans>
        </Text>
        <Code as="dd" m="0" dir="ltr" wordBreak="break-all" data-testid="proof-leaf-id">
          {proof.leaf.leafId}
        </Code>
        <Text as="dt" color="fg.muted">
          <Trans>Salt</Trans>
        </Text>
        <Code as="dd" m="0" dir="ltr" wordBreak="break-all">
          {proof.leaf.salt}
        </Code>
        <Text as="dt" color="fg.muted">
          <Trans>Root hash</Trans>
        </Text>
        <Code as="dd" m="0" dir="ltr" wordBreak="break-all" data-testid="proof-root-hash">
          {proof.root.hash}
        </Code>
      </Box>
      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="teal" onClick={() => void check()} loading={checking}>
          <Trans>Check it in this browser</Trans>
        </Button>
        <Button
          variant="outline"
          onClick={() =>
            downloadTextFile(`reserves-proof-${proof.month}.json`, JSON.stringify(proof, null, 2), 'application/json')
          }
        >
          <Trans>Download the proof (JSON)</Trans>
        </Button>
      </HStack>
      <Box role="status" aria-live="polite">
        {outcome ? (
          <Alert.Root status={outcome.ok ? 'success' : 'error'} data-testid="proof-result" data-ok={String(outcome.ok)}>
            <Alert.Indicator />
            <Alert.Title>{outcome.text}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Box>
      <Text fontSize="sm" color="fg.muted">
        <Trans>
          Offline, with nothing but SHA-256: save the file and run pnpm cli reserves:verify FILE, or follow the
          construction in the README.
        </Trans>
      </Text>
    </Stack>
  );
}

/** Settings (#32): the member's leaf of the month's balance tree, its path, and a check that runs in the browser. */
export function ProofSection() {
  const { t } = useLingui();
  const localePath = useLocalePath();
  const proof = trpc.reserves.myProof.useQuery(undefined, { retry: false, staleTime: 5 * 60_000 });
  return (
    <Card.Root as="section" aria-labelledby="reserves-proof-title" id="reserves-proof">
      <Card.Header>
        <Heading as="h2" size="lg" id="reserves-proof-title">
          <Trans>Your balance in the reserves</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        {proof.isPending ? (
          <PageLoader label={t`Loading your proof...`} minH="10vh" />
        ) : proof.isError ? (
          <Text data-testid="proof-unavailable">{errorMessage(proof.error)}</Text>
        ) : proof.data.proof ? (
          <ProofBody proof={proof.data.proof} />
        ) : proof.data.month ? (
          <Text data-testid="proof-unavailable">
            <Trans>
              Your account did not exist yet when the balances of <bdi>{proof.data.month}</bdi> were published. Your
              proof comes with the next month’s.
            </Trans>
          </Text>
        ) : (
          <Text data-testid="proof-unavailable">
            <Trans>No month’s balances have been published yet. Your proof comes with the first.</Trans>
          </Text>
        )}
        <Link asChild colorPalette="teal" mt="3" fontSize="sm">
          <RouterLink to={localePath('/reserves')}>
            <Trans>See the Reserves page</Trans>
          </RouterLink>
        </Link>
      </Card.Body>
    </Card.Root>
  );
}
