import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Badge, Button, HStack, Input, Link, SimpleGrid, Text, chakra } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { ZReferralCode, ZSignupInput } from '@vestora/contract';
import { Field } from '../../components/ui/field';
import { PasswordField } from '../../components/ui/password-field';
import { useLocale, useLocalePath } from '../../i18n/hooks';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { loginPathFor, safeNextPath } from '../../lib/safe-next';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';

/** The mismatch message: the schema carries its id, the page shows it in the reader's language. */
const MISMATCH = msg`Passwords do not match!`;

/** The sign-up form: the contract's schema plus the confirmation, which must match. */
const ZSignupForm = ZSignupInput.omit({ ref: true, accountType: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: MISMATCH.id,
    path: ['confirmPassword'],
    // Report a mismatch even while other fields still have errors.
    when: ({ value }) => {
      const v = value as { password?: unknown; confirmPassword?: unknown };
      return typeof v.password === 'string' && typeof v.confirmPassword === 'string';
    },
  });
type SignupFormInput = z.input<typeof ZSignupForm>;
type SignupFormOutput = z.output<typeof ZSignupForm>;

/** State handed to /login so it can say 'Registration successful!' and prefill the email. */
export interface RegisteredState {
  registered: true;
  email: string;
}

/** A `?ref=CODE` worth sending: valid per the contract, otherwise ignored (and said so). */
function useReferralCode(): { code: string | undefined; invalid: boolean; remove: () => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get('ref')?.trim();
  const remove = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('ref');
        return next;
      },
      { replace: true },
    );
  if (!raw) return { code: undefined, invalid: false, remove };
  const parsed = ZReferralCode.safeParse(raw);
  return parsed.success && parsed.data
    ? { code: parsed.data, invalid: false, remove }
    : { code: undefined, invalid: true, remove };
}

/** 'Create Your Account': mismatched passwords never reach the server. */
export default function SignupPage() {
  const { t, i18n } = useLingui();
  const localePath = useLocalePath();
  const locale = useLocale();
  usePageTitle(t`Create your account`);
  const navigate = useNavigate();
  const referral = useReferralCode();
  // A visitor sent here from sign-in with a `?next=` (e.g. an Invest Now) keeps it through sign-up.
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  // Sign-in in the reader's language, keeping a `?next=` (the same path loginPathFor builds, with the prefix).
  const loginPath = next ? `${localePath('/login')}${loginPathFor(next).slice('/login'.length)}` : localePath('/login');
  const signup = trpc.user.signup.useMutation({
    onSuccess: (user) => {
      const state: RegisteredState = { registered: true, email: user.email };
      navigate(loginPath, { state });
    },
  });

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors: rawErrors },
  } = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(ZSignupForm),
    defaultValues: { firstName: '', lastName: '', country: '', city: '', email: '', password: '', confirmPassword: '' },
  });

  const errors =
    rawErrors.confirmPassword?.message === MISMATCH.id
      ? { ...rawErrors, confirmPassword: { ...rawErrors.confirmPassword, message: i18n._(MISMATCH) } }
      : rawErrors;

  // The server's message sits above the form: bring it into view (long form, small screens).
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (signup.error && errorRef.current) {
      errorRef.current.scrollIntoView({ block: 'center', behavior: 'smooth' });
      errorRef.current.focus({ preventScroll: true });
    }
  }, [signup.error]);

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...input }) => {
    // The account (and its e-mails) start in the language the visitor signed up in.
    signup.mutate(referral.code ? { ...input, locale, ref: referral.code } : { ...input, locale });
  });
  const busy = signup.isPending;
  const referralCode = referral.code;

  return (
    <AuthCard
      title={t`Create Your Account`}
      subtitle={t`It takes a minute. You can deposit and invest once you are signed in.`}
      maxW="xl"
    >
      <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={onSubmit} noValidate aria-label={t`Sign up`}>
        {signup.isError ? (
          <Alert.Root status="error" role="alert" ref={errorRef} tabIndex={-1} outline="none">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title color="fg.error">{errorMessage(signup.error, t`Registration failed`)}</Alert.Title>
              {signup.error.data?.httpStatus === 409 ? (
                // The address has an account: offer the two ways forward instead of a dead end.
                <Alert.Description>
                  <Trans>
                    Is it yours?{' '}
                    <Link asChild color="teal.fg" fontWeight="semibold">
                      <RouterLink to={loginPath} state={{ email: getValues('email') }}>
                        Sign in
                      </RouterLink>
                    </Link>{' '}
                    or{' '}
                    <Link asChild color="teal.fg" fontWeight="semibold">
                      <RouterLink to={localePath('/forgot-password')}>reset your password</RouterLink>
                    </Link>
                    .
                  </Trans>
                </Alert.Description>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {referral.code ? (
          <HStack gap="2" flexWrap="wrap" fontSize="sm" color="fg.muted">
            <Text>
              <Trans>
                Referred by code{' '}
                <Badge colorPalette="teal" fontFamily="mono">
                  {referralCode}
                </Badge>
              </Trans>
            </Text>
            <Button
              variant="plain"
              size="xs"
              color="fg.muted"
              textDecoration="underline"
              px="1"
              disabled={busy}
              onClick={() => {
                signup.reset();
                referral.remove();
              }}
            >
              <Trans>Remove code</Trans>
            </Button>
          </HStack>
        ) : null}
        {referral.invalid ? (
          <Text fontSize="sm" color="fg.warning">
            <Trans>The referral code in your link is not valid, so it will not be used.</Trans>
          </Text>
        ) : null}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field
            label={t`First name`}
            required
            invalid={!!errors.firstName}
            errorText={errors.firstName?.message}
            disabled={busy}
          >
            <Input autoComplete="given-name" {...register('firstName')} />
          </Field>
          <Field
            label={t`Last name`}
            required
            invalid={!!errors.lastName}
            errorText={errors.lastName?.message}
            disabled={busy}
          >
            <Input autoComplete="family-name" {...register('lastName')} />
          </Field>
          <Field
            label={t`Country`}
            required
            invalid={!!errors.country}
            errorText={errors.country?.message}
            disabled={busy}
          >
            <Input autoComplete="country-name" {...register('country')} />
          </Field>
          <Field label={t`City`} required invalid={!!errors.city} errorText={errors.city?.message} disabled={busy}>
            <Input autoComplete="address-level2" {...register('city')} />
          </Field>
        </SimpleGrid>
        <Field label={t`Email`} required invalid={!!errors.email} errorText={errors.email?.message} disabled={busy}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <PasswordField
            label={t`Password`}
            autoComplete="new-password"
            registration={register('password')}
            error={errors.password}
            helperText={t`At least 8 characters.`}
            disabled={busy}
          />
          <PasswordField
            label={t`Confirm password`}
            autoComplete="new-password"
            registration={register('confirmPassword')}
            error={errors.confirmPassword}
            disabled={busy}
          />
        </SimpleGrid>
        <Button type="submit" colorPalette="teal" size="lg" loading={busy} loadingText={t`Signing up...`}>
          <Trans>Sign Up</Trans>
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          <Trans>
            Already have an account?{' '}
            <Link asChild color="teal.fg" fontWeight="semibold">
              <RouterLink to={localePath('/login')}>Sign in</RouterLink>
            </Link>
          </Trans>
        </Text>
      </chakra.form>
    </AuthCard>
  );
}
