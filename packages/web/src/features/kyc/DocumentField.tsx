import { useId, useRef, useState } from 'react';
import { Alert, Button, Field, HStack, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LuCircleCheck, LuUpload } from 'react-icons/lu';
import type { TKycDocumentKind } from '@vestora/contract';
import { DOCUMENT_ACCEPT, UploadError, checkDocumentFile, uploadKycDocument, type FileRefusal } from './kyc-upload';
import { KIND_HINTS, KIND_WORDS } from './kyc-words';

/** A document the member has uploaded for this form: its id and the file's name. */
export interface UploadedDocument {
  id: string;
  name: string;
}

/**
 * One document of a tier's form: the file (PNG, JPEG or PDF, the size limit said before anything is sent), an
 * identity document's expiry date, the upload with its progress, and the server's refusal when it refuses.
 */
export function DocumentField({
  kind,
  maxMb,
  uploaded,
  onUploaded,
  sentBefore,
  disabled,
  invalid,
}: {
  kind: TKycDocumentKind;
  maxMb: number;
  uploaded: UploadedDocument | null;
  onUploaded: (doc: UploadedDocument | null) => void;
  /** A document of this kind sent before still stands: uploading is optional (a new file replaces it). */
  sentBefore?: boolean;
  disabled?: boolean;
  /** The form was submitted without this document. */
  invalid?: boolean;
}) {
  const { t, i18n } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [expiresOn, setExpiresOn] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const expiryId = useId();
  const label = i18n._(KIND_WORDS[kind]);
  const maxText = String(maxMb);

  const refusalText = (why: FileRefusal) =>
    why === 'type'
      ? t`This file is not a PNG, JPEG or PDF.`
      : why === 'size'
        ? t`This file is larger than ${maxText} MB.`
        : t`This file is empty.`;

  const pick = (picked: File | null) => {
    setError(null);
    setFile(null);
    if (!picked) return;
    const why = checkDocumentFile(picked, maxMb * 1024 * 1024);
    if (why) {
      setError(refusalText(why));
      return;
    }
    setFile(picked);
  };

  const upload = async () => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const { id } = await uploadKycDocument(
        { file, kind, ...(kind === 'identity' && expiresOn ? { expiresOn } : {}) },
        {
          network: t`Could not reach the server. Check your connection and try again.`,
          failed: t`The document could not be uploaded. Please try again.`,
        },
        setProgress,
      );
      onUploaded({ id, name: file.name });
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    } catch (err) {
      setError(err instanceof UploadError ? err.message : t`The document could not be uploaded. Please try again.`);
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const uploadedName = uploaded?.name ?? '';
  return (
    <Stack gap="3" borderWidth="1px" rounded="l2" p="4" data-testid={`kyc-document-${kind}`}>
      <Field.Root required={!sentBefore} invalid={invalid && !uploaded && !sentBefore} disabled={disabled || busy}>
        <Field.Label>
          {label} <Field.RequiredIndicator />
        </Field.Label>
        <Input
          ref={inputRef}
          type="file"
          accept={DOCUMENT_ACCEPT}
          onChange={(e) => pick(e.target.files?.[0] ?? null)}
          p="1.5"
          h="auto"
        />
        <Field.HelperText>
          {i18n._(KIND_HINTS[kind])} <Trans>PNG, JPEG or PDF, at most {maxText} MB.</Trans>
        </Field.HelperText>
        <Field.ErrorText>
          <Trans>Upload this document.</Trans>
        </Field.ErrorText>
      </Field.Root>
      {kind === 'identity' ? (
        <Field.Root disabled={disabled || busy}>
          <Field.Label htmlFor={expiryId}>
            <Trans>Expiry date of the document</Trans>
          </Field.Label>
          <Input id={expiryId} type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} />
          <Field.HelperText>
            <Trans>As printed on it, if it has one.</Trans>
          </Field.HelperText>
        </Field.Root>
      ) : null}
      {error ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t`${label}: not uploaded`}</Alert.Title>
            <Alert.Description>{error}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {busy ? (
        <Progress.Root value={progress} max={100} size="sm" colorPalette="teal">
          <Progress.Label fontSize="sm" fontWeight="normal">
            <Trans>Uploading... {progress}%</Trans>
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      ) : null}
      <HStack justify="space-between" gap="3" wrap="wrap">
        {uploaded ? (
          <HStack gap="2" color="green.fg" fontSize="sm" minW="0">
            <LuCircleCheck aria-hidden="true" />
            <Text wordBreak="break-all">
              <Trans>Uploaded: {uploadedName}</Trans>
            </Text>
          </HStack>
        ) : sentBefore ? (
          <Text fontSize="sm" color="fg.muted">
            <Trans>The one you sent before goes with this application unless you upload another.</Trans>
          </Text>
        ) : (
          <span />
        )}
        <Button
          size="sm"
          variant="outline"
          colorPalette="teal"
          onClick={() => void upload()}
          disabled={!file || disabled}
          loading={busy}
          loadingText={t`Uploading...`}
        >
          <LuUpload aria-hidden="true" />
          {uploaded ? t`Upload a different file` : t`Upload ${label}`}
        </Button>
      </HStack>
    </Stack>
  );
}
