import { Card, Checkbox, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useSession } from '../../lib/session';
import { PageLoader } from '../../components/ui/states';
import { NotificationPreferences } from './NotificationPreferences';
import { SignedInDevices } from './SignedInDevices';
import { TwoFactorSection } from './TwoFactorSection';
import { PasswordSection } from './PasswordSection';
import { EmailSection } from './EmailSection';
import { ProfileSection } from './ProfileSection';
import { YourDataSection } from './YourDataSection';

/**
 * /dashboard/settings: email, your details (editable), notifications, devices, two-factor, email change, password,
 * and your data (download a copy, close the account).
 */
export default function SettingsPage() {
  const { user } = useSession();
  return (
    <Stack gap="6" maxW="2xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Settings
        </Heading>
        <Text color="fg.muted">Your details, sign-in email, notifications and security.</Text>
      </Stack>
      {user ? (
        <>
          <SettingsForm key={user.id} email={user.email} />
          <ProfileSection />
          <NotificationPreferences />
        </>
      ) : (
        <PageLoader label="Loading settings..." />
      )}
      {user ? <SignedInDevices /> : null}
      <TwoFactorSection />
      <EmailSection />
      <PasswordSection />
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
            <Field.Label>Email</Field.Label>
            <Input type="email" value={email} readOnly />
            <Field.HelperText>
              This is the email you sign in with. To change it, see Email address below.
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
        <Checkbox.Label>Two-factor authentication</Checkbox.Label>
      </Checkbox.Root>
      <Text id="two-factor-note" fontSize="xs" color="fg.muted" ps="7">
        {on
          ? 'On: signing in asks for a code from your authenticator app. Turn it off in the section below.'
          : 'Off: your account is protected by your password only. Set it up in the section below.'}
      </Text>
    </>
  );
}
