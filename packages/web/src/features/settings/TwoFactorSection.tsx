import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import type { z } from 'zod';
import { QRCodeSVG } from 'qrcode.react';
import {
  Alert,
  Box,
  Button,
  Card,
  Code,
  Field,
  Heading,
  HStack,
  Input,
  List,
  Stack,
  Text,
  chakra,
} from '@chakra-ui/react';
import { type TTwoFactorBeginOutput, ZTwoFactorBeginInput } from '@vestora/contract';
import { PasswordField } from '../../components/ui/password-field';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { toaster } from '../../components/ui/toaster';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Settings → Two-factor authentication: set up an authenticator app (the password first, then the QR code or the
 * secret typed by hand), confirm a code, keep the ten recovery codes shown once; make new recovery codes with a
 * current code; or turn it off with a code.
 */
export function TwoFactorSection() {
  const { t } = useLingui();
  const { user } = useSession();
  const utils = trpc.useUtils();
  const [setup, setSetup] = useState<TTwoFactorBeginOutput | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codesAreNew, setCodesAreNew] = useState(false);
  const [regenCode, setRegenCode] = useState('');
  const [regenError, setRegenError] = useState<string | null>(null);
  const passwordForm = useForm<z.input<typeof ZTwoFactorBeginInput>, unknown, z.output<typeof ZTwoFactorBeginInput>>({
    resolver: zodResolver(ZTwoFactorBeginInput),
    defaultValues: { currentPassword: '' },
  });

  const begin = trpc.user.twoFactor.begin.useMutation({
    onSuccess: (out) => {
      setSetup(out);
      setCode('');
      setCodeError(null);
      passwordForm.reset();
    },
  });
  const enable = trpc.user.twoFactor.enable.useMutation({
    onSuccess: async (out) => {
      setSetup(null);
      setCode('');
      setCodesAreNew(false);
      setRecoveryCodes(out.recoveryCodes);
      await utils.user.session.invalidate();
      await utils.user.sessions.invalidate();
    },
    onError: (err) => setCodeError(errorMessage(err, t`The code could not be checked. Please try again.`)),
  });
  const disable = trpc.user.twoFactor.disable.useMutation({
    onSuccess: async () => {
      setCode('');
      setRecoveryCodes(null);
      await utils.user.session.invalidate();
      toaster.create({ type: 'success', title: t`Two-factor authentication is off` });
    },
    onError: (err) => setCodeError(errorMessage(err, t`The code could not be checked. Please try again.`)),
  });
  const regenerate = trpc.user.twoFactor.regenerateRecoveryCodes.useMutation({
    onSuccess: (out) => {
      setRegenCode('');
      setCodesAreNew(true);
      setRecoveryCodes(out.recoveryCodes);
      toaster.create({
        type: 'success',
        title: t`New recovery codes made`,
        description: t`The old ones no longer work.`,
      });
    },
    onError: (err) => setRegenError(errorMessage(err, t`The code could not be checked. Please try again.`)),
  });

  if (!user) return null;
  const enabled = user.twoFactorEnabled;

  const submitCode = (e: FormEvent, action: 'enable' | 'disable') => {
    e.preventDefault();
    const value = code.trim();
    if (action === 'enable' && !/^\d{6}$/.test(value.replace(/\s+/g, ''))) {
      setCodeError(t`Enter the 6-digit code your authenticator app shows.`);
      return;
    }
    if (!value) {
      setCodeError(t`Enter the 6-digit code from your authenticator app, or a recovery code.`);
      return;
    }
    setCodeError(null);
    if (action === 'enable') enable.mutate({ code: value });
    else disable.mutate({ code: value });
  };

  const submitRegenerate = (e: FormEvent) => {
    e.preventDefault();
    const value = regenCode.trim();
    if (!/^\d{6}$/.test(value.replace(/\s+/g, ''))) {
      setRegenError(t`Enter the 6-digit code your authenticator app shows.`);
      return;
    }
    setRegenError(null);
    regenerate.mutate({ code: value });
  };

  const codesText = recoveryCodes?.join('\n') ?? '';
  const copyCodes = async () => {
    try {
      await navigator.clipboard.writeText(codesText);
      toaster.create({ type: 'success', title: t`Recovery codes copied` });
    } catch {
      toaster.create({
        type: 'error',
        title: t`Could not copy`,
        description: t`Select the codes and copy them by hand.`,
      });
    }
  };
  const downloadCodes = () => {
    const url = URL.createObjectURL(
      new Blob([`${t`Vestora recovery codes`}\n\n${codesText}\n`], { type: 'text/plain' }),
    );
    const a = document.createElement('a');
    a.href = url;
    a.download = 'vestora-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Card.Root as="section" aria-labelledby="two-factor-heading">
      <Card.Header>
        <Heading as="h2" id="two-factor-heading" size="lg">
          <Trans>Two-factor authentication</Trans>
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {enabled ? (
            <Trans>On: signing in and requesting a withdrawal ask for a code from your authenticator app.</Trans>
          ) : (
            <Trans>Off: your account is protected by your password only.</Trans>
          )}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {recoveryCodes && (
            <Alert.Root status="warning" alignItems="flex-start">
              <Alert.Indicator />
              <Alert.Content gap="3">
                <Alert.Title>
                  {codesAreNew ? (
                    <Trans>New recovery codes: the old ones no longer work. Save these now.</Trans>
                  ) : (
                    <Trans>Two-factor authentication is on. Save your recovery codes now.</Trans>
                  )}
                </Alert.Title>
                <Alert.Description>
                  <Trans>
                    Each code signs you in once if you lose your phone. They are shown only this once: keep them
                    somewhere safe.
                  </Trans>
                </Alert.Description>
                <List.Root aria-label={t`Recovery codes`} fontFamily="mono" gap="1" ps="5">
                  {recoveryCodes.map((c) => (
                    <List.Item key={c}>{c}</List.Item>
                  ))}
                </List.Root>
                <HStack gap="2" wrap="wrap">
                  <Button size="sm" variant="outline" onClick={copyCodes}>
                    <Trans>Copy codes</Trans>
                  </Button>
                  <Button size="sm" variant="outline" onClick={downloadCodes}>
                    <Trans>Download codes</Trans>
                  </Button>
                  <Button size="sm" colorPalette="teal" onClick={() => setRecoveryCodes(null)}>
                    <Trans>I have saved them</Trans>
                  </Button>
                </HStack>
              </Alert.Content>
            </Alert.Root>
          )}

          {!enabled && !setup && (
            <chakra.form
              display="flex"
              flexDirection="column"
              gap="3"
              alignItems="flex-start"
              onSubmit={passwordForm.handleSubmit((input) => begin.mutate(input))}
              noValidate
              aria-label={t`Start two-factor set-up`}
            >
              <Text fontSize="sm" color="fg.muted">
                <Trans>
                  Setting it up asks for your password. Once it is on, your other signed-in devices are signed out.
                </Trans>
              </Text>
              {begin.isError && (
                <Text color="fg.error" role="alert">
                  {errorMessage(begin.error, t`Two-factor set-up could not start. Please try again.`)}
                </Text>
              )}
              <Box w="full" maxW="sm">
                <PasswordField
                  label={t`Current password`}
                  autoComplete="current-password"
                  registration={passwordForm.register('currentPassword')}
                  error={passwordForm.formState.errors.currentPassword}
                  disabled={begin.isPending}
                />
              </Box>
              <Button type="submit" colorPalette="teal" loading={begin.isPending}>
                <Trans>Set up two-factor authentication</Trans>
              </Button>
            </chakra.form>
          )}

          {!enabled && setup && (
            <chakra.form
              display="flex"
              flexDirection="column"
              gap="4"
              onSubmit={(e) => submitCode(e, 'enable')}
              noValidate
              aria-label={t`Turn on two-factor authentication`}
            >
              <Text>
                <Trans>
                  1. Scan this QR code with an authenticator app (Google Authenticator, Authy, 1Password...), or type
                  the key below into it.
                </Trans>
              </Text>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ base: 'flex-start', sm: 'center' }}>
                {/* A QR code stays dark on white in both themes: scanners need the contrast. */}
                <Box
                  bg="white"
                  p="3"
                  borderRadius="md"
                  borderWidth="1px"
                  role="img"
                  aria-label={t`QR code for your authenticator app`}
                >
                  <QRCodeSVG value={setup.otpauthUrl} size={168} aria-hidden="true" />
                </Box>
                <Stack gap="1">
                  <Text fontSize="sm" color="fg.muted" id="two-factor-secret-label">
                    <Trans>Can&apos;t scan? Enter this key (time-based, 6 digits):</Trans>
                  </Text>
                  <Code
                    fontSize="md"
                    p="2"
                    aria-labelledby="two-factor-secret-label"
                    data-testid="two-factor-secret"
                    data-secret={setup.secret}
                    userSelect="all"
                    wordBreak="break-all"
                  >
                    {grouped(setup.secret)}
                  </Code>
                </Stack>
              </Stack>
              <Field.Root required invalid={!!codeError} disabled={enable.isPending}>
                <Field.Label>
                  <Trans>2. Enter the 6-digit code the app shows</Trans>
                </Field.Label>
                <Input
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  placeholder="123456"
                  maxW="12rem"
                />
                <Field.ErrorText>{codeError}</Field.ErrorText>
              </Field.Root>
              <HStack gap="2">
                <Button type="submit" colorPalette="teal" loading={enable.isPending} loadingText={t`Checking...`}>
                  <Trans>Turn on</Trans>
                </Button>
                <Button variant="ghost" onClick={() => setSetup(null)} disabled={enable.isPending}>
                  <Trans>Cancel</Trans>
                </Button>
              </HStack>
            </chakra.form>
          )}

          {enabled && !recoveryCodes && (
            <chakra.form
              display="flex"
              flexDirection="column"
              gap="3"
              onSubmit={submitRegenerate}
              noValidate
              aria-label={t`Make new recovery codes`}
            >
              <Field.Root required invalid={!!regenError} disabled={regenerate.isPending}>
                <Field.Label>
                  <Trans>New recovery codes (the old ones stop working): enter a code from your app</Trans>
                </Field.Label>
                <Input
                  value={regenCode}
                  onChange={(e) => setRegenCode(e.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={7}
                  placeholder="123456"
                  maxW="12rem"
                />
                <Field.ErrorText>{regenError}</Field.ErrorText>
              </Field.Root>
              <Button
                type="submit"
                variant="outline"
                alignSelf="flex-start"
                loading={regenerate.isPending}
                loadingText={t`Making codes...`}
              >
                <Trans>Make new recovery codes</Trans>
              </Button>
            </chakra.form>
          )}

          {enabled && !recoveryCodes && (
            <chakra.form
              display="flex"
              flexDirection="column"
              gap="3"
              onSubmit={(e) => submitCode(e, 'disable')}
              noValidate
              aria-label={t`Turn off two-factor authentication`}
            >
              <Field.Root required invalid={!!codeError} disabled={disable.isPending}>
                <Field.Label>
                  <Trans>To turn it off, enter a code from your app (or a recovery code)</Trans>
                </Field.Label>
                <Input
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="one-time-code"
                  maxLength={40}
                  placeholder="123456"
                  maxW="16rem"
                />
                <Field.ErrorText>{codeError}</Field.ErrorText>
              </Field.Root>
              <Button
                type="submit"
                colorPalette="red"
                variant="outline"
                alignSelf="flex-start"
                loading={disable.isPending}
                loadingText={t`Turning off...`}
              >
                <Trans>Turn off two-factor authentication</Trans>
              </Button>
            </chakra.form>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
