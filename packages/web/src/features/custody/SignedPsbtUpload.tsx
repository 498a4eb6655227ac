import { useRef, useState } from 'react';
import { Button, Field, HStack, Input, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuSend } from 'react-icons/lu';
import type { TPayoutBatch } from '@vestora/contract';
import { FailedAction } from '../../components/ui/states';
import { toaster } from '../../components/ui/toaster';
import { trpc } from '../../lib/trpc';
import { psbtFromBytes, psbtFromText, type PsbtReadProblem } from './psbt-file';

/**
 * The signed PSBT back from the operator's wallet: a file (.psbt binary or base64 text, .txt) or pasted base64.
 * The server checks that it spends exactly the batch's coins and pays exactly its outputs before broadcasting; its
 * refusal is shown as it says it, and nothing was sent.
 */
export function SignedPsbtUpload({ batch }: { batch: TPayoutBatch }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const fileRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const problemText = (p: PsbtReadProblem) =>
    p === 'empty'
      ? t`Choose the signed PSBT file or paste its base64 text.`
      : t`This is not a PSBT: give the file your wallet saved (.psbt) or its base64 text (it starts with “cHNidP”).`;
  const submit = trpc.bitcoin.payoutBatch.submit.useMutation({
    onSuccess: async (sent) => {
      const txid = sent.txid ?? '';
      toaster.create({
        type: 'success',
        title: t`Batch sent`,
        description: t`Broadcast as transaction ${txid}. Its withdrawals are sent and become paid once it confirms.`,
      });
      await Promise.all([
        utils.bitcoin.payoutBatch.list.invalidate(),
        utils.withdrawal.invalidate(),
        utils.bitcoin.utxos.invalidate(),
      ]);
    },
  });
  const id = `signed-psbt-${batch.id}`;

  const send = async () => {
    setProblem(null);
    submit.reset();
    const file = fileRef.current?.files?.[0];
    const read = file ? psbtFromBytes(new Uint8Array(await file.arrayBuffer())) : psbtFromText(text);
    if (!read.ok) {
      setProblem(problemText(read.problem));
      return;
    }
    submit.mutate({ id: batch.id, psbt: read.base64 });
  };

  return (
    <chakra.form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Stack gap="3">
        <Text fontWeight="semibold" id={`${id}-title`}>
          <Trans>Upload the signed PSBT</Trans>
        </Text>
        <Field.Root disabled={submit.isPending}>
          <Field.Label>
            <Trans>Signed PSBT file</Trans>
          </Field.Label>
          <Input
            ref={fileRef}
            type="file"
            accept=".psbt,.txt,text/plain,application/octet-stream"
            p="1"
            onChange={(e) => {
              setFileName(e.currentTarget.files?.[0]?.name ?? null);
              setProblem(null);
            }}
          />
          <Field.HelperText>
            {fileName ? (
              <Trans>{fileName} will be sent; clear it to paste text instead.</Trans>
            ) : (
              <Trans>The file your wallet saved after signing (binary or base64).</Trans>
            )}
          </Field.HelperText>
        </Field.Root>
        <Field.Root disabled={submit.isPending || fileName !== null}>
          <Field.Label>
            <Trans>Or paste the signed PSBT (base64)</Trans>
          </Field.Label>
          <Textarea
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setProblem(null);
            }}
            rows={3}
            fontFamily="mono"
            fontSize="xs"
            dir="ltr"
            spellCheck={false}
            autoComplete="off"
          />
        </Field.Root>
        {problem ? (
          <Text role="alert" color="fg.error" fontSize="sm">
            {problem}
          </Text>
        ) : null}
        {submit.isError ? (
          <FailedAction title={t`The signed PSBT was refused: nothing was sent`} error={submit.error} />
        ) : null}
        <HStack gap="2" wrap="wrap">
          <Button
            type="submit"
            colorPalette="teal"
            loading={submit.isPending}
            loadingText={t`Checking and broadcasting...`}
          >
            <LuSend /> <Trans>Check and broadcast</Trans>
          </Button>
          {fileName ? (
            <Button
              variant="ghost"
              onClick={() => {
                if (fileRef.current) fileRef.current.value = '';
                setFileName(null);
              }}
              disabled={submit.isPending}
            >
              <Trans>Clear the file</Trans>
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </chakra.form>
  );
}
