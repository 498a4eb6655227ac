import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB>;

/**
 * Takes a job's lease for `holder` until `until`: one statement, so of instances asking together exactly one wins.
 * The row is made on first use (a conflicting insert waits for the other and then sees its holder); an existing row
 * is taken only when free, already this holder's, or run out at `now` (its holder died mid-tick). Records the start.
 */
export async function takeJobLease(db: Db, name: string, holder: string, now: Date, until: Date): Promise<boolean> {
  const row = await db
    .insertInto('job_leases')
    .values({ name, holder, lease_until: until, last_started_at: now })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, lease_until: until, last_started_at: now })
        .where((eb) =>
          eb.or([
            eb('job_leases.holder', 'is', null),
            eb('job_leases.holder', '=', holder),
            eb('job_leases.lease_until', '<', now),
          ]),
        ),
    )
    .returning('name')
    .executeTakeFirst();
  return !!row;
}

/** Moves a held lease's end on; false when `holder` no longer holds it (it ran out and another took it). */
export async function renewJobLease(db: Db, name: string, holder: string, until: Date): Promise<boolean> {
  const row = await db
    .updateTable('job_leases')
    .set({ lease_until: until })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .returning('name')
    .executeTakeFirst();
  return !!row;
}

/**
 * Ends a tick: frees the lease (if still held) and records when it finished and, for a failed tick, its error.
 * A holder that lost the lease records nothing: the row is the new holder's now.
 */
export async function finishJobTick(
  db: Db,
  name: string,
  holder: string,
  at: Date,
  error: string | null,
): Promise<boolean> {
  const row = await db
    .updateTable('job_leases')
    .set({
      holder: null,
      lease_until: null,
      last_finished_at: at,
      ...(error === null ? {} : { last_error: error, last_error_at: at }),
    })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .returning('name')
    .executeTakeFirst();
  return !!row;
}

/** Every job's row (admins' Overview): its holder, lease and last run. */
export function listJobLeases(db: Db) {
  return db
    .selectFrom('job_leases')
    .select(['name', 'holder', 'lease_until', 'last_started_at', 'last_finished_at', 'last_error', 'last_error_at'])
    .orderBy('name')
    .execute();
}
