import { Card, Checkbox, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSession } from '../../lib/session';
import { PageLoader } from '../../components/ui/states';
import { NotificationPreferences } from './NotificationPreferences';
import { SignedInDevices } from './SignedInDevices';
import { TwoFactorSection } from './TwoFactorSection';
import { PasswordSection } from './PasswordSection';
import { EmailSection } from './EmailSection';
import { ProfileSection } from './ProfileSection';
import { YourDataSection } from './YourDataSection';
import { ProofSection } from '../reserves/ProofSection';
import { VerificationSection } from './VerificationSection';

/**
 * /dashboard/settings: email, your details (editable), verification & limits (#33), notifications, devices, two-factor, email change, password,
 * and your data (download a copy, close the account).
 */
export default function SettingsPage() {
  const { t } = useLingui();
  const { user } = useSession();
  return (
    <Stack gap="6" maxW="2xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          <Trans>Settings</Trans>
        </Heading>
        <Text color="fg.muted">
          <Trans>Your details, sign-in email, notifications and security.</Trans>
        </Text>
      </Stack>
      {user ? (
        <>
          <SettingsForm key={user.id} email={user.email} />
          <ProfileSection />
          <VerificationSection />
          <NotificationPreferences />
        </>
      ) : (
        <PageLoader label={t`Loading settings...`} />
      )}
      {user ? <SignedInDevices /> : null}
      <TwoFactorSection />
      <EmailSection />
      <PasswordSection />
      {user ? <ProofSection /> : null}
      {user ? <YourDataSection /> : null}
    </Stack>
  );
}

function SettingsForm({ email }: { email: string }) {
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="6">
          <Field.Root readOnly>
            <Field.Label>
              <Trans>Email</Trans>
            </Field.Label>
            <Input type="email" value={email} readOnly />
            <Field.HelperText>
              <Trans>This is the email you sign in with. To change it, see Email address below.</Trans>
            </Field.HelperText>
          </Field.Root>

          <Stack gap="2">
            <TwoFactorStatus />
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The seed's two-factor control, now the account's real state; it is changed in the section below. */
function TwoFactorStatus() {
  const on = useSession().user?.twoFactorEnabled === true;
  return (
    <>
      <Checkbox.Root checked={on} disabled aria-describedby="two-factor-note">
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>
          <Trans>Two-factor authentication</Trans>
        </Checkbox.Label>
      </Checkbox.Root>
      <Text id="two-factor-note" fontSize="xs" color="fg.muted" ps="7">
        {on ? (
          <Trans>On: signing in asks for a code from your authenticator app. Turn it off in the section below.</Trans>
        ) : (
          <Trans>Off: your account is protected by your password only. Set it up in the section below.</Trans>
        )}
      </Text>
    </>
  );
}
