import { Avatar } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { TUser } from '@vestora/contract';

/** The user's picture, or their initials when there is none or it fails to load. */
export function UserAvatar({
  user,
  size = 'sm',
}: {
  user: Pick<TUser, 'firstName' | 'lastName' | 'profilePicture'>;
  size?: Avatar.RootProps['size'];
}) {
  const { t } = useLingui();
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Avatar.Root size={size} colorPalette="teal">
      <Avatar.Fallback name={name} />
      {user.profilePicture ? (
        <Avatar.Image src={user.profilePicture} alt={t`Profile picture of ${name}`} referrerPolicy="no-referrer" />
      ) : null}
    </Avatar.Root>
  );
}
