import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Alert, Button, Card, Field, Heading, Input, Text, Textarea, chakra } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TKycDocumentKind, TKycStatus } from '@vestora/contract';
import { toaster } from '../../components/ui/toaster';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { DocumentField, type UploadedDocument } from './DocumentField';
import { ITEM_WORDS, tierWords } from './kyc-words';
import { formPlan, givenValue } from './kyc-plan';

/**
 * The form of the next tier: legal name, date of birth, address and the documents the tier needs. It submits
 * `kyc.submit` once every document is uploaded; the status then shows the application in review.
 */
export function TierForm({ status, maxMb }: { status: TKycStatus; maxMb: number }) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const plan = formPlan(status);
  const [docs, setDocs] = useState<Partial<Record<TKycDocumentKind, UploadedDocument>>>({});
  const [missingDocs, setMissingDocs] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z.object({
        legalName: z
          .string()
          .trim()
          .min(2, t`Write your full legal name, as on your identity document.`)
          .max(200, t`At most 200 characters.`),
        dateOfBirth: z.string().regex(/^\d{4}-\d\d-\d\d$/, t`Enter your date of birth.`),
        address: z
          .string()
          .trim()
          .min(5, t`Write your full address: street, number, city, postcode and country.`)
          .max(500, t`At most 500 characters.`),
      }),
    [t],
  );
  type Values = z.infer<typeof schema>;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      legalName: givenValue(status.items, 'legal_name'),
      dateOfBirth: givenValue(status.items, 'date_of_birth'),
      address: givenValue(status.items, 'address'),
    },
  });
  const submit = trpc.kyc.submit.useMutation({
    onSuccess: async () => {
      toaster.create({
        type: 'success',
        title: t`Sent for review`,
        description: t`Two administrators check your details and documents; this page shows their decision.`,
      });
      await utils.kyc.status.invalidate();
    },
    onError: (err) => setServerError(errorMessage(err, t`Your details could not be sent. Please try again.`)),
  });
  if (!plan) return null;
  const tierName = i18n._(tierWords(plan.tier));
  // What a reviewer asked for again, with the reason they gave the member.
  const again = status.items.filter((i) => i.state === 'send_again');

  const onSubmit = (values: Values) => {
    setServerError(null);
    // Each kind the tier needs: the file uploaded now, else the one sent before that still stands.
    const ids = plan.kinds.map((k) => docs[k]?.id ?? plan.standing[k]);
    const complete = ids.every((id) => id !== undefined);
    setMissingDocs(!complete);
    if (!complete) return;
    submit.mutate({ tier: plan.tier, ...values, documentIds: ids as string[] });
  };

  return (
    <Card.Root as="section" aria-labelledby="kyc-form-heading">
      <Card.Header>
        <Heading as="h2" id="kyc-form-heading" size="lg">
          {t`Apply for ${tierName}`}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          <Trans>
            Your details must match your documents. Only our reviewers see them; documents are stored encrypted.
          </Trans>
        </Text>
      </Card.Header>
      <Card.Body>
        <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={handleSubmit(onSubmit)} noValidate>
          {again.map((i) => {
            const what = i18n._(ITEM_WORDS[i.item]);
            const reason = i.reason ?? '';
            return (
              <Alert.Root key={i.item} status="warning" role="status">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t`Send again: ${what}`}</Alert.Title>
                  {reason ? <Alert.Description>{reason}</Alert.Description> : null}
                </Alert.Content>
              </Alert.Root>
            );
          })}
          {serverError ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  <Trans>Not sent</Trans>
                </Alert.Title>
                <Alert.Description>{serverError}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <Field.Root required invalid={!!errors.legalName} disabled={submit.isPending}>
            <Field.Label>
              <Trans>Legal name</Trans> <Field.RequiredIndicator />
            </Field.Label>
            <Input {...register('legalName')} autoComplete="name" />
            <Field.ErrorText>{errors.legalName?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!errors.dateOfBirth} disabled={submit.isPending}>
            <Field.Label>
              <Trans>Date of birth</Trans> <Field.RequiredIndicator />
            </Field.Label>
            <Input {...register('dateOfBirth')} type="date" autoComplete="bday" />
            <Field.ErrorText>{errors.dateOfBirth?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={!!errors.address} disabled={submit.isPending}>
            <Field.Label>
              <Trans>Address</Trans> <Field.RequiredIndicator />
            </Field.Label>
            <Textarea {...register('address')} rows={3} autoComplete="street-address" />
            <Field.ErrorText>{errors.address?.message}</Field.ErrorText>
          </Field.Root>
          {plan.kinds.map((kind) => (
            <DocumentField
              key={kind}
              kind={kind}
              maxMb={maxMb}
              uploaded={docs[kind] ?? null}
              sentBefore={!!plan.standing[kind]}
              onUploaded={(doc) => setDocs((d) => ({ ...d, [kind]: doc ?? undefined }))}
              disabled={submit.isPending}
              invalid={missingDocs}
            />
          ))}
          <Button type="submit" colorPalette="teal" alignSelf="start" loading={submit.isPending}>
            <Trans>Send for review</Trans>
          </Button>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}
