import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Badge, Button, HStack, Input, Link, SimpleGrid, Text, chakra } from '@chakra-ui/react';
import { z } from 'zod';
import { ZReferralCode, ZSignupInput } from '@vestora/contract';
import { Field } from '../../components/ui/field';
import { PasswordField } from '../../components/ui/password-field';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/page-title';
import { loginPathFor, safeNextPath } from '../../lib/safe-next';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';

/** The sign-up form: the contract's schema plus the confirmation, which must match. */
const ZSignupForm = ZSignupInput.omit({ ref: true, accountType: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match!',
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
  usePageTitle('Create your account');
  const navigate = useNavigate();
  const referral = useReferralCode();
  // A visitor sent here from sign-in with a `?next=` (e.g. an Invest Now) keeps it through sign-up.
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const signup = trpc.user.signup.useMutation({
    onSuccess: (user) => {
      const state: RegisteredState = { registered: true, email: user.email };
      navigate(next ? loginPathFor(next) : '/login', { state });
    },
  });

  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(ZSignupForm),
    defaultValues: { firstName: '', lastName: '', country: '', city: '', email: '', password: '', confirmPassword: '' },
  });

  // The server's message sits above the form: bring it into view (long form, small screens).
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (signup.error && errorRef.current) {
      errorRef.current.scrollIntoView({ block: 'center', behavior: 'smooth' });
      errorRef.current.focus({ preventScroll: true });
    }
  }, [signup.error]);

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...input }) => {
    signup.mutate(referral.code ? { ...input, ref: referral.code } : input);
  });
  const busy = signup.isPending;

  return (
    <AuthCard
      title="Create Your Account"
      subtitle="It takes a minute. You can deposit and invest once you are signed in."
      maxW="xl"
    >
      <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={onSubmit} noValidate aria-label="Sign up">
        {signup.isError ? (
          <Alert.Root status="error" role="alert" ref={errorRef} tabIndex={-1} outline="none">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title color="red.700">{errorMessage(signup.error, 'Registration failed')}</Alert.Title>
              {signup.error.data?.httpStatus === 409 ? (
                // The address has an account: offer the two ways forward instead of a dead end.
                <Alert.Description>
                  Is it yours?{' '}
                  <Link asChild color="teal.700" fontWeight="semibold">
                    <RouterLink to={next ? loginPathFor(next) : '/login'} state={{ email: getValues('email') }}>
                      Sign in
                    </RouterLink>
                  </Link>{' '}
                  or{' '}
                  <Link asChild color="teal.700" fontWeight="semibold">
                    <RouterLink to="/forgot-password">reset your password</RouterLink>
                  </Link>
                  .
                </Alert.Description>
              ) : null}
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {referral.code ? (
          <HStack gap="2" flexWrap="wrap" fontSize="sm" color="gray.700">
            <Text>
              Referred by code{' '}
              <Badge colorPalette="teal" fontFamily="mono">
                {referral.code}
              </Badge>
            </Text>
            <Button
              variant="plain"
              size="xs"
              color="gray.600"
              textDecoration="underline"
              px="1"
              disabled={busy}
              onClick={() => {
                signup.reset();
                referral.remove();
              }}
            >
              Remove code
            </Button>
          </HStack>
        ) : null}
        {referral.invalid ? (
          <Text fontSize="sm" color="orange.700">
            The referral code in your link is not valid, so it will not be used.
          </Text>
        ) : null}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field
            label="First name"
            required
            invalid={!!errors.firstName}
            errorText={errors.firstName?.message}
            disabled={busy}
          >
            <Input autoComplete="given-name" {...register('firstName')} />
          </Field>
          <Field
            label="Last name"
            required
            invalid={!!errors.lastName}
            errorText={errors.lastName?.message}
            disabled={busy}
          >
            <Input autoComplete="family-name" {...register('lastName')} />
          </Field>
          <Field
            label="Country"
            required
            invalid={!!errors.country}
            errorText={errors.country?.message}
            disabled={busy}
          >
            <Input autoComplete="country-name" {...register('country')} />
          </Field>
          <Field label="City" required invalid={!!errors.city} errorText={errors.city?.message} disabled={busy}>
            <Input autoComplete="address-level2" {...register('city')} />
          </Field>
        </SimpleGrid>
        <Field label="Email" required invalid={!!errors.email} errorText={errors.email?.message} disabled={busy}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <PasswordField
            label="Password"
            autoComplete="new-password"
            registration={register('password')}
            error={errors.password}
            helperText="At least 8 characters."
            disabled={busy}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            registration={register('confirmPassword')}
            error={errors.confirmPassword}
            disabled={busy}
          />
        </SimpleGrid>
        <Button type="submit" colorPalette="teal" size="lg" loading={busy} loadingText="Signing up...">
          Sign Up
        </Button>
        <Text fontSize="sm" color="gray.600" textAlign="center">
          Already have an account?{' '}
          <Link asChild color="teal.700" fontWeight="semibold">
            <RouterLink to="/login">Sign in</RouterLink>
          </Link>
        </Text>
      </chakra.form>
    </AuthCard>
  );
}
