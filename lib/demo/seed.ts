// The demo database (scripts/seed.ts; at boot with SEED=1, or on the embedded database outside production;
// the tests): the data of db/seed/, every demo account with the one demo password.
import type { Sql } from "postgres";
import { hasChannel, insertDemo } from "../../db/seed.ts";
import { hashPassword } from "../platform/password.ts";
import { POINTS } from "../rules/constants.ts";

/**
 * Fills an empty database with demo content: a radio and a TV channel, staff of each role,
 * templates, segments of every type, ~40 visitors across the seven levels and ~500 participations.
 * Idempotent: returns false without touching anything when a channel already exists.
 * @example await seedDemo(sql, { password: "Demo-2024!" }) // every demo account uses that password
 */
export async function seedDemo(sql: Sql, opts: { password: string }): Promise<boolean> {
  if (await hasChannel(sql)) return false;
  // argon2 is slow: hash once, outside the transaction, and reuse it for every demo account.
  return await insertDemo(sql, await hashPassword(opts.password), new Date(), POINTS);
}
