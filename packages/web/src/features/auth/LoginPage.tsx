import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, Input, Link, Text, chakra } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { TWO_FACTOR_REQUIRED_MESSAGE, ZLoginInput } from '@vestora/contract';
import { Field } from '../../components/ui/field';
import { PasswordField } from '../../components/ui/password-field';
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
  usePageTitle('Sign in');
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
  const onSubmit = handleSubmit((input) => login.mutate(input));

  if (pending2fa) {
    const submitCode = (e: FormEvent) => {
      e.preventDefault();
      const code = otp.trim();
      if (!code) {
        setOtpError('Enter the 6-digit code from your authenticator app, or a recovery code.');
        return;
      }
      setOtpError(null);
      login.mutate({ ...pending2fa, otp: code });
    };
    return (
      <AuthCard title="Two-factor authentication" subtitle="Your account asks for a second step.">
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          onSubmit={submitCode}
          noValidate
          aria-label="Enter your authenticator code"
        >
          {loggedIn ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>Login successful!</Alert.Title>
            </Alert.Root>
          ) : login.isError && login.error.message !== TWO_FACTOR_REQUIRED_MESSAGE ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title color="red.700">{errorMessage(login.error, 'Login failed')}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field
            label="Authentication code"
            required
            invalid={!!otpError}
            errorText={otpError ?? undefined}
            helperText="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
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
            loadingText="Checking..."
            disabled={loggedIn}
          >
            Verify and sign in
          </Button>
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => {
              setPending2fa(null);
              login.reset();
            }}
          >
            Back
          </Button>
        </chakra.form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome Back" subtitle="Sign in to see your balance, plans and transactions.">
      <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={onSubmit} noValidate aria-label="Sign in">
        {loggedIn ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>Login successful!</Alert.Title>
          </Alert.Root>
        ) : login.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title color="red.700">{errorMessage(login.error, 'Login failed')}</Alert.Title>
              {/contact support/i.test(login.error.message) ? (
                <Alert.Description>
                  <Link asChild color="teal.700" fontWeight="semibold">
                    <RouterLink to="/contact">Contact support</RouterLink>
                  </Link>
                </Alert.Description>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : registered ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Registration successful!</Alert.Title>
              <Alert.Description>Sign in with your new account.</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Field label="Email" required invalid={!!errors.email} errorText={errors.email?.message} disabled={busy}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
          disabled={busy}
        />
        <Link asChild color="teal.700" fontSize="sm" alignSelf="flex-end">
          <RouterLink to="/forgot-password">Forgot your password?</RouterLink>
        </Link>
        <Button
          type="submit"
          colorPalette="teal"
          size="lg"
          loading={login.isPending}
          loadingText="Signing in..."
          disabled={loggedIn}
        >
          Sign In
        </Button>
        <Text fontSize="sm" color="gray.600" textAlign="center">
          Don't have an account?{' '}
          <Link asChild color="teal.700" fontWeight="semibold">
            <RouterLink to={nextParam ? `/create-account?next=${encodeURIComponent(nextParam)}` : '/create-account'}>
              Sign Up
            </RouterLink>
          </Link>
        </Text>
      </chakra.form>
    </AuthCard>
  );
}
