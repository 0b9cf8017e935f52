import type { Sql } from "postgres";
import type { StaffUser } from "../lib/permissions.ts";

/** The active staff user with that id, as the session knows it. */
export async function getStaffUser(sql: Sql, id: number): Promise<StaffUser | null> {
  const [user] = await sql<StaffUser[]>`
    select id, login, email, role, channel_id, language, first_name, last_name, image_url
    from users where id = ${id} and active`;
  return user ?? null;
}
