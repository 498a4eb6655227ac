import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Checkbox, Field, Heading, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useSession } from '../../lib/session';
import { toaster } from '../../components/ui/toaster';
import { PageLoader } from '../../components/ui/states';
import { PasswordSection } from './PasswordSection';
import { EmailSection } from './EmailSection';

/** Where the preferences live: this browser only (there is no settings endpoint on the server). */
const STORAGE_KEY = 'vestora.settings';

interface StoredSettings {
  emailNotifications: boolean;
}

function loadSettings(userId: string): StoredSettings {
  try {
    const all = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, Partial<StoredSettings>>;
    return { emailNotifications: all[userId]?.emailNotifications ?? true };
  } catch {
    return { emailNotifications: true };
  }
}

function saveSettings(userId: string, settings: StoredSettings): boolean {
  try {
    const all = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, StoredSettings>;
    all[userId] = settings;
    localStorage.setItem(STORAGE_KEY, JSON.stringify(all));
    return true;
  } catch {
    return false;
  }
}

/** /dashboard/settings: email (read-only), notification preference kept on this device, 2FA not offered yet. */
export default function SettingsPage() {
  const { user } = useSession();
  return (
    <Stack gap="6" maxW="2xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          Settings
        </Heading>
        <Text color="fg.muted">Your sign-in email and notification preferences.</Text>
      </Stack>
      {user ? (
        <SettingsForm key={user.id} userId={user.id} email={user.email} />
      ) : (
        <PageLoader label="Loading settings..." />
      )}
      <EmailSection />
      <PasswordSection />
    </Stack>
  );
}

function SettingsForm({ userId, email }: { userId: string; email: string }) {
  const [emailNotifications, setEmailNotifications] = useState(() => loadSettings(userId).emailNotifications);

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (saveSettings(userId, { emailNotifications })) {
      toaster.create({
        type: 'success',
        title: 'Preferences saved on this device',
        description: 'They are stored in this browser only and are not sent to our servers.',
      });
    } else {
      toaster.create({
        type: 'error',
        title: 'Could not save your preferences',
        description: 'This browser does not allow saving data (private mode or storage disabled).',
      });
    }
  };

  return (
    <Card.Root>
      <Card.Body>
        <chakra.form display="flex" flexDirection="column" gap="6" onSubmit={save}>
          <Field.Root readOnly>
            <Field.Label>Email</Field.Label>
            <Input type="email" value={email} readOnly />
            <Field.HelperText>
              This is the email you sign in with. To change it, see Email address below.
            </Field.HelperText>
          </Field.Root>

          <Stack gap="2">
            <Checkbox.Root
              checked={emailNotifications}
              onCheckedChange={(d) => setEmailNotifications(d.checked === true)}
              colorPalette="teal"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Email notifications</Checkbox.Label>
            </Checkbox.Root>
            <Text fontSize="xs" color="fg.muted" ps="7">
              Your preference for product and account emails.
            </Text>
          </Stack>

          <Stack gap="2">
            <Checkbox.Root checked={false} disabled aria-describedby="two-factor-note">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Two-factor authentication</Checkbox.Label>
            </Checkbox.Root>
            <Text id="two-factor-note" fontSize="xs" color="fg.muted" ps="7">
              Two-factor authentication is not available yet. Your account is protected by your password only.
            </Text>
          </Stack>

          <Alert.Root status="info" variant="subtle">
            <Alert.Indicator />
            <Alert.Description>
              Preferences are saved in this browser only. They do not change anything on our servers and do not follow
              you to other devices.
            </Alert.Description>
          </Alert.Root>

          <Button type="submit" colorPalette="teal" alignSelf={{ base: 'stretch', sm: 'flex-start' }}>
            Save Settings
          </Button>
        </chakra.form>
      </Card.Body>
    </Card.Root>
  );
}
