import type { TPreferences, TUpdatePreferencesInput } from '@vestora/contract';
import type { Database } from '../../db/create-db.ts';
import { findPreferenceRows, setOptionalEmailChoices } from '../notification/notification.repo.ts';
import { readEmailNotifications, writeEmailNotifications } from './user.preferences.repo.ts';

/** What the server keeps for the user: whether notification mail (money moved) is sent. */
export async function getPreferences(db: Database, userId: string): Promise<TPreferences> {
  // The investments e-mail choice of the notification centre, where the member made one (#21).
  const [investments] = await findPreferenceRows(db, userId, 'investments');
  return { emailNotifications: investments ? investments.email : await readEmailNotifications(db, userId) };
}

/**
 * Changes the older single switch: since #21 it is the e-mail channel of investments and statements (the
 * notification centre's preferences hold the rest); security and money e-mail go whatever it says.
 */
export async function updatePreferences(
  db: Database,
  userId: string,
  input: TUpdatePreferencesInput,
  now: Date,
): Promise<TPreferences> {
  return db.transaction().execute(async (trx) => {
    await setOptionalEmailChoices(trx, userId, input.emailNotifications, now);
    return { emailNotifications: await writeEmailNotifications(trx, userId, input.emailNotifications) };
  });
}
