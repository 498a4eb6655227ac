import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  Alert,
  Button,
  CloseButton,
  Drawer,
  Field,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import { type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZAccountType, ZUserUpdateInput, type TUser, type TUserUpdateInput } from '@vestora/contract';
import { trpc } from '../../lib/trpc';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { toaster } from '../../components/ui/toaster';
import { ZBalanceText, parseDollars } from '../../lib/money-form';
import { AccountAccess } from './AccountAccess';
import { EmailVerification } from './EmailVerification';
import { RoleChangeDialog } from './RoleChangeDialog';
import { UserAvatar } from './UserAvatar';

const S = ZUserUpdateInput.shape;
/** The editable fields with the server's own rules (ZUserUpdateInput); the balance is typed as text. */
const ZEditUserForm = z.object({
  firstName: S.firstName.unwrap(),
  lastName: S.lastName.unwrap(),
  country: S.country.unwrap(),
  city: S.city.unwrap(),
  email: S.email.unwrap(),
  accountType: ZAccountType,
  balance: ZBalanceText,
  profilePicture: S.profilePicture.unwrap(),
  reason: S.reason.unwrap(),
});
/** The form's rules for one user: a changed balance needs a reason (the member reads it in their history). */
function editUserSchema(currentBalance: number, reasonMissing: string) {
  return ZEditUserForm.superRefine((v, ctx) => {
    if (Math.round(v.balance * 100) !== Math.round(currentBalance * 100) && !v.reason.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: reasonMissing,
      });
    }
  });
}
type EditInput = z.input<typeof ZEditUserForm>;
type EditOutput = z.output<typeof ZEditUserForm>;

const TEXT_FIELDS: readonly {
  name: 'firstName' | 'lastName' | 'country' | 'city';
  label: MessageDescriptor;
  autoComplete: string;
}[] = [
  { name: 'firstName', label: msg`First name`, autoComplete: 'off' },
  { name: 'lastName', label: msg`Last name`, autoComplete: 'off' },
  { name: 'country', label: msg`Country`, autoComplete: 'off' },
  { name: 'city', label: msg`City`, autoComplete: 'off' },
];

function defaults(user: TUser): EditInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    country: user.country,
    city: user.city,
    email: user.email,
    accountType: user.accountType,
    balance: user.balance.toFixed(2),
    profilePicture: user.profilePicture,
    reason: '',
  };
}

/** Only what the admin changed goes to the server (plus id and the version it was based on). */
function changes(user: TUser, v: EditOutput): TUserUpdateInput {
  const input: TUserUpdateInput = { id: user.id, version: user.version };
  if (v.firstName !== user.firstName) input.firstName = v.firstName;
  if (v.lastName !== user.lastName) input.lastName = v.lastName;
  if (v.country !== user.country) input.country = v.country;
  if (v.city !== user.city) input.city = v.city;
  if (v.email !== user.email.toLowerCase()) input.email = v.email;
  if (v.accountType !== user.accountType) input.accountType = v.accountType;
  if (v.profilePicture !== user.profilePicture) input.profilePicture = v.profilePicture;
  if (Math.round(v.balance * 100) !== Math.round(user.balance * 100)) {
    input.balance = v.balance;
    if (v.reason) input.reason = v.reason;
  }
  return input;
}

interface EditUserDrawerProps {
  /** The user being edited (from the list cache, so a reload refreshes it); null when closed. */
  user: TUser | null;
  onClose: () => void;
}

/** The Edit User panel: every field except password and version; a balance change asks for a reason. */
export function EditUserDrawer({ user, onClose }: EditUserDrawerProps) {
  const { t } = useLingui();
  const [conflict, setConflict] = useState(false);
  const close = () => {
    setConflict(false);
    onClose();
  };
  return (
    <Drawer.Root
      open={user !== null}
      onOpenChange={(e) => {
        if (!e.open) close();
      }}
      placement="end"
      size={{ base: 'full', sm: 'md' }}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>
                <Trans>Edit User</Trans>
              </Drawer.Title>
            </Drawer.Header>
            {user && (
              // Remount on a new version so a reload after a conflict shows the latest data.
              <EditUserForm
                key={`${user.id}:${user.version}`}
                user={user}
                conflict={conflict}
                onConflict={() => setConflict(true)}
                onSaved={close}
              />
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close the Edit User panel`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function EditUserForm({
  user,
  conflict,
  onConflict,
  onSaved,
}: {
  user: TUser;
  conflict: boolean;
  onConflict: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const utils = trpc.useUtils();
  const { user: me } = useSession();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<EditInput, unknown, EditOutput>({
    resolver: zodResolver(
      editUserSchema(user.balance, t`A balance change needs a reason: the member sees it in their balance history`),
    ),
    defaultValues: defaults(user),
  });
  const balanceText = useWatch({ control, name: 'balance' }) ?? '';
  const currentBalance = formatMoney(user.balance);
  const typedBalance = parseDollars(balanceText);
  const newBalance = formatMoney(typedBalance);
  const balanceChanged = typedBalance !== null && Math.round(typedBalance * 100) !== Math.round(user.balance * 100);
  // Four eyes: an admin's own balance is changed by another admin (the server refuses it with a 403).
  const ownAccount = me?.id === user.id;
  // The server refuses these too: another admin's name and email are theirs to change, and an admin's email
  // changes only by their own confirmed email change in Settings.
  const otherAdmin = user.accountType === 'admin' && !ownAccount;
  const emailLocked = user.accountType === 'admin';

  // A change of role waits for the admin's confirmation here (#34) before it is sent.
  const [roleChange, setRoleChange] = useState<TUserUpdateInput | null>(null);
  const update = trpc.user.update.useMutation({
    onSettled: () => setRoleChange(null),
    onSuccess: async (saved) => {
      if (saved.roleRequest) {
        const email = saved.email;
        toaster.create({
          type: 'success',
          title: t`Request sent: another administrator must approve it`,
          description:
            saved.accountType === 'admin'
              ? t`${email} stays an admin until then. Pending requests are on the Overview.`
              : t`${email} stays a user until then. Pending requests are on the Overview.`,
        });
      } else if (!saved.approval && !saved.emailChangeSentTo) {
        toaster.create({ type: 'success', title: t`User data updated successfully!` });
      }
      // A balance change is a proposal (#27): the balance stays until a second administrator approves it.
      if (saved.approval) {
        const balance = formatMoney(saved.balance);
        toaster.create({
          type: 'info',
          title: t`Proposed — waiting for a second administrator`,
          description: t`The balance stays ${balance} until another administrator approves the change under Money desk → Approvals.`,
        });
      }
      // A member's address is theirs (#27): they confirm the new one; the old one is told.
      if (saved.emailChangeSentTo) {
        const to = saved.emailChangeSentTo;
        toaster.create({
          type: 'info',
          title: t`Confirmation link sent`,
          description: t`The email address changes when the member opens the link sent to ${to}; the current address was told.`,
        });
      }
      onSaved();
      await Promise.all([
        utils.user.list.invalidate(),
        saved.roleRequest ? utils.user.roleRequest.list.invalidate() : undefined,
        saved.id === me?.id ? utils.user.session.invalidate() : undefined,
      ]);
    },
    onError: async (err) => {
      if (err.data?.code === 'CONFLICT') {
        onConflict();
        await utils.user.list.invalidate();
        return;
      }
      toaster.create({
        type: 'error',
        title: t`Could not update the user`,
        description: errorMessage(err, t`Please try again.`),
      });
    },
  });

  const submit = (values: EditOutput) => {
    const input = changes(user, values);
    if (Object.keys(input).length === 2) {
      toaster.create({ type: 'info', title: t`No changes to save.` });
      onSaved();
      return;
    }
    if (input.accountType !== undefined) {
      setRoleChange(input);
      return;
    }
    update.mutate(input);
  };
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;

  return (
    <>
      <Drawer.Body>
        <chakra.form
          display="flex"
          flexDirection="column"
          id="edit-user-form"
          gap="4"
          onSubmit={handleSubmit(submit)}
          noValidate
        >
          <HStack gap="3">
            <UserAvatar user={user} size="lg" />
            <Stack gap="0" minW="0">
              <Text fontWeight="semibold" truncate>
                {user.firstName} {user.lastName}
              </Text>
              <Text fontSize="sm" color="fg.muted" truncate>
                <Trans>Current balance {currentBalance}</Trans>
              </Text>
            </Stack>
          </HStack>

          <AccountAccess user={user} />
          <EmailVerification user={user} />

          {conflict && (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  <Trans>This user was changed by someone else.</Trans>
                </Alert.Title>
                <Alert.Description>
                  <Trans>The latest data has been loaded. Make your changes again and save.</Trans>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}

          <fieldset disabled={update.isPending} style={{ display: 'contents' }}>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              {TEXT_FIELDS.map((f) => (
                <Field.Root key={f.name} required invalid={!!errors[f.name]}>
                  <Field.Label>
                    {i18n._(f.label)} <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    {...register(f.name)}
                    autoComplete={f.autoComplete}
                    readOnly={otherAdmin && (f.name === 'firstName' || f.name === 'lastName')}
                  />
                  <Field.ErrorText>{errors[f.name]?.message}</Field.ErrorText>
                </Field.Root>
              ))}
            </SimpleGrid>
            <Field.Root required invalid={!!errors.email}>
              <Field.Label>
                <Trans>Email</Trans> <Field.RequiredIndicator />
              </Field.Label>
              <Input {...register('email')} type="email" autoComplete="off" readOnly={emailLocked} />
              <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
              {emailLocked ? (
                <Field.HelperText>
                  {ownAccount ? (
                    <Trans>Change your own address in Settings: the new address confirms it.</Trans>
                  ) : (
                    <Trans>
                      An administrator&apos;s name and email are changed only by that administrator, in Settings.
                    </Trans>
                  )}
                </Field.HelperText>
              ) : null}
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                <Trans>Account type</Trans> <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...register('accountType')}>
                  <option value="user">{t`User`}</option>
                  <option value="admin">{t`Admin`}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.HelperText>
                <Trans>A change of role is a request: another administrator approves it.</Trans>
              </Field.HelperText>
            </Field.Root>
            <Field.Root required invalid={!!errors.balance}>
              <Field.Label>
                <Trans>Account balance (USD)</Trans> <Field.RequiredIndicator />
              </Field.Label>
              <InputGroup startElement="$">
                <Input {...register('balance')} inputMode="decimal" autoComplete="off" readOnly={ownAccount} />
              </InputGroup>
              {errors.balance ? (
                <Field.ErrorText>{errors.balance.message}</Field.ErrorText>
              ) : ownAccount ? (
                <Field.HelperText>
                  <Trans>
                    This is your own account: you cannot change your own balance. Another administrator must do it.
                  </Trans>
                </Field.HelperText>
              ) : (
                <Field.HelperText>
                  <Trans>A change is recorded in the ledger as an adjustment, with your name.</Trans>
                </Field.HelperText>
              )}
            </Field.Root>
            {balanceChanged && !ownAccount && (
              <Field.Root required invalid={!!errors.reason}>
                <Field.Label>
                  <Trans>Reason for the balance change</Trans> <Field.RequiredIndicator />
                </Field.Label>
                <Textarea {...register('reason')} rows={2} placeholder={t`e.g. Correction of deposit #1042`} />
                {errors.reason ? (
                  <Field.ErrorText>{errors.reason.message}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    <Trans>
                      {currentBalance} → {newBalance}. Saved with the ledger entry; the member sees it in their balance
                      history.
                    </Trans>
                  </Field.HelperText>
                )}
              </Field.Root>
            )}
            <Field.Root invalid={!!errors.profilePicture}>
              <Field.Label>
                <Trans>Profile picture URL</Trans>
              </Field.Label>
              <Input {...register('profilePicture')} type="url" placeholder="https://..." autoComplete="off" />
              <Field.ErrorText>{errors.profilePicture?.message}</Field.ErrorText>
            </Field.Root>
          </fieldset>
        </chakra.form>
      </Drawer.Body>
      <Drawer.Footer>
        <Drawer.ActionTrigger asChild>
          <Button variant="outline" disabled={update.isPending}>
            <Trans>Cancel</Trans>
          </Button>
        </Drawer.ActionTrigger>
        <Button
          type="submit"
          form="edit-user-form"
          colorPalette="teal"
          loading={update.isPending}
          loadingText={t`Saving...`}
        >
          <Trans>Save</Trans>
        </Button>
      </Drawer.Footer>
      <RoleChangeDialog
        change={roleChange?.accountType ? { name: fullName, to: roleChange.accountType } : null}
        busy={update.isPending}
        onConfirm={() => roleChange && update.mutate(roleChange)}
        onClose={() => setRoleChange(null)}
      />
    </>
  );
}
