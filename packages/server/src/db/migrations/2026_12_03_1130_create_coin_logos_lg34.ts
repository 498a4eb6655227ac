import { type Kysely, sql } from 'kysely';

// Frozen once landed: add a new migration instead of editing this one.
// #34: each coin's logo, fetched by the server from the image URL the market feed names and served from our own
// route (GET /api/market/logo/:coinId), so the browser loads nothing from a third-party host. One row per coin:
//   source_url       the feed's image URL the bytes came from (a new URL is fetched again)
//   bytes / content_type   the last good image (PNG, JPEG, WebP or GIF, checked from its bytes; at most 256 KB);
//                    null until a fetch succeeded: kept when a later fetch fails (the host down, the server offline)
//   fetched_at       when the bytes were fetched (refreshed after a week)
//   failures / next_attempt_at   consecutive failed fetches, and when to try again (no host is asked per request)
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table coin_logos (
      coin_id text primary key check (length(coin_id) between 1 and 200),
      source_url text not null,
      bytes bytea check (octet_length(bytes) <= 262144),
      content_type text check (content_type in ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
      fetched_at timestamptz,
      failures integer not null default 0 check (failures >= 0),
      next_attempt_at timestamptz,
      constraint coin_logos_bytes_typed check ((bytes is null) = (content_type is null) and (bytes is null) = (fetched_at is null))
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table coin_logos`.execute(db);
}
