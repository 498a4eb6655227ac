import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, Input, Link, Text, chakra } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { TWO_FACTOR_REQUIRED_MESSAGE, ZLoginInput } from '@vestora/contract';
import { Field } from '../../components/ui/field';
import { PasswordField } from '../../components/ui/password-field';
import { useLocalePath } from '../../i18n/hooks';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { safeNextPath } from '../../lib/safe-next';
import { markLoggedIn, readLoggedInFlag, useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';
import type { RegisteredState } from './SignupPage';

/** Spec section 9: the dashboard opens 1000 ms after 'Login successful!'. */
export const LOGIN_REDIRECT_MS = 1000;

function registeredState(state: unknown): RegisteredState | null {
  return state && typeof state === 'object' && 'registered' in state && state.registered === true
    ? (state as RegisteredState)
    : null;
}

/** The email handed over by sign-up (registered, or "this address has an account: sign in"), to fill in. */
function handedEmail(state: unknown): string {
  return state && typeof state === 'object' && 'email' in state && typeof state.email === 'string' ? state.email : '';
}

/** 'Welcome Back'. Signed-in visitors go straight to the dashboard (or a same-site `?next=`). */
export default function LoginPage() {
  const { t } = useLingui();
  const localePath = useLocalePath();
  usePageTitle(t`Sign in`);
  const navigate = useNavigate();
  const location = useLocation();
  const registered = registeredState(location.state);
  const prefilled = handedEmail(location.state);
  // Where to go after signing in: a same-site `?next=` (e.g. back to an Invest Now), else the dashboard.
  const nextParam = safeNextPath(new URLSearchParams(location.search).get('next'));
  const destination = nextParam ?? '/dashboard';
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const [loggedIn, setLoggedIn] = useState(false);
  const redirectTimer = useRef<number | undefined>(undefined);
  // Second step: the password was right and the account has two-factor on; the server asked for the code.
  const [pending2fa, setPending2fa] = useState<{ email: string; password: string } | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);

  // Spec: a true logged-in flag sends the visitor on to the dashboard. The flag is only a hint:
  // we ask the server and redirect only if it confirms the session.
  const [flag] = useState(readLoggedInFlag);
  const session = useSession({ enabled: flag === true && !loggedIn });

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  const login = trpc.user.login.useMutation({
    onSuccess: (user) => {
      setLoggedIn(true);
      markLoggedIn();
      // Nothing cached for a previous session may leak into this one.
      queryClient.removeQueries({ predicate: (q) => !JSON.stringify(q.queryKey).startsWith('[["user","session"]') });
      utils.user.session.setData(undefined, user);
      redirectTimer.current = window.setTimeout(() => navigate(destination, { replace: true }), LOGIN_REDIRECT_MS);
    },
    onError: (err, input) => {
      if (err.message === TWO_FACTOR_REQUIRED_MESSAGE) {
        setPending2fa({ email: input.email, password: input.password });
        setOtp('');
        setOtpError(null);
      }
    },
  });

  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<z.input<typeof ZLoginInput>, unknown, z.output<typeof ZLoginInput>>({
    resolver: zodResolver(ZLoginInput),
    defaultValues: { email: prefilled, password: '' },
  });
  // Just registered (or sent here by sign-up): the email is filled in, so the cursor waits in the password field.
  useEffect(() => {
    if (prefilled) setFocus('password');
  }, [prefilled, setFocus]);

  if (session.user && !loggedIn) return <Navigate to={destination} replace />;

  const busy = login.isPending || loggedIn;
  const signupPath = nextParam
    ? `${localePath('/create-account')}?next=${encodeURIComponent(nextParam)}`
    : localePath('/create-account');
  const onSubmit = handleSubmit((input) => login.mutate(input));

  if (pending2fa) {
    const submitCode = (e: FormEvent) => {
      e.preventDefault();
      const code = otp.trim();
      if (!code) {
        setOtpError(t`Enter the 6-digit code from your authenticator app, or a recovery code.`);
        return;
      }
      setOtpError(null);
      login.mutate({ ...pending2fa, otp: code });
    };
    return (
      <AuthCard title={t`Two-factor authentication`} subtitle={t`Your account asks for a second step.`}>
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          onSubmit={submitCode}
          noValidate
          aria-label={t`Enter your authenticator code`}
        >
          {loggedIn ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>
                <Trans>Login successful!</Trans>
              </Alert.Title>
            </Alert.Root>
          ) : login.isError && login.error.message !== TWO_FACTOR_REQUIRED_MESSAGE ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title color="fg.error">{errorMessage(login.error, t`Login failed`)}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field
            label={t`Authentication code`}
            required
            invalid={!!otpError}
            errorText={otpError ?? undefined}
            helperText={t`Enter the 6-digit code from your authenticator app, or one of your recovery codes.`}
            disabled={busy}
          >
            <Input
              autoFocus
              value={otp}
              onChange={(e) => setOtp(e.target.value)}
              autoComplete="one-time-code"
              maxLength={40}
              placeholder="123456"
              spellCheck={false}
            />
          </Field>
          <Button
            type="submit"
            colorPalette="teal"
            size="lg"
            loading={login.isPending}
            loadingText={t`Checking...`}
            disabled={loggedIn}
          >
            <Trans>Verify and sign in</Trans>
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => {
              setPending2fa(null);
              login.reset();
            }}
          >
            <Trans>Back</Trans>
          </Button>
        </chakra.form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t`Welcome Back`} subtitle={t`Sign in to see your balance, plans and transactions.`}>
      <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={onSubmit} noValidate aria-label={t`Sign in`}>
        {loggedIn ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>Login successful!</Trans>
            </Alert.Title>
          </Alert.Root>
        ) : login.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title color="fg.error">{errorMessage(login.error, t`Login failed`)}</Alert.Title>
              {/contact support/i.test(login.error.message) ? (
                <Alert.Description>
                  <Link asChild color="teal.fg" fontWeight="semibold">
                    <RouterLink to={localePath('/contact')}>
                      <Trans>Contact support</Trans>
                    </RouterLink>
                  </Link>
                </Alert.Description>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : registered ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                <Trans>Registration successful!</Trans>
              </Alert.Title>
              <Alert.Description>
                <Trans>Sign in with your new account.</Trans>
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Field label={t`Email`} required invalid={!!errors.email} errorText={errors.email?.message} disabled={busy}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
          disabled={busy}
        />
        <Link asChild color="teal.fg" fontSize="sm" alignSelf="flex-end">
          <RouterLink to={localePath('/forgot-password')}>
            <Trans>Forgot your password?</Trans>
          </RouterLink>
        </Link>
        <Button
          type="submit"
          colorPalette="teal"
          size="lg"
          loading={login.isPending}
          loadingText={t`Signing in...`}
          disabled={loggedIn}
        >
          <Trans>Sign In</Trans>
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          <Trans>
            Don't have an account?{' '}
            <Link asChild color="teal.fg" fontWeight="semibold">
              <RouterLink to={signupPath}>Sign Up</RouterLink>
            </Link>
          </Trans>
        </Text>
      </chakra.form>
    </AuthCard>
  );
}
