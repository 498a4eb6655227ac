import { Avatar } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { TUser } from '@vestora/contract';
import { ownImage } from '../../lib/own-image';

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
  const picture = ownImage(user.profilePicture);
  return (
    <Avatar.Root size={size} colorPalette="teal">
      <Avatar.Fallback name={name} />
      {picture ? <Avatar.Image src={picture} alt={t`Profile picture of ${name}`} referrerPolicy="no-referrer" /> : null}
    </Avatar.Root>
  );
}
