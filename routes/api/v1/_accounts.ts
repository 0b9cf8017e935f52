// Shared by the account API routes (private: not a route).
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../../app/env.ts";
import { translator } from "../../../app/i18n.ts";
import type { AccountContext } from "../../../lib/accounts/service.ts";
import { publicUrl } from "../../../lib/platform/config.ts";
import { LANGUAGES } from "../../../lib/rules/i18n.ts";
import { ROLES } from "../../../lib/rules/permissions.ts";

/** The account use cases' view of the request. */
export function accountContext(c: Context<AppEnv>): AccountContext {
  const deps = c.var.deps;
  return {
    sql: c.var.sql,
    mailer: deps.mailer,
    // Mail links come from PUBLIC_URL, never from the Host header: a request naming another host would
    // have a reset link point there (and its token read by whoever answers there)
    baseUrl: publicUrl(deps.config),
    now: deps.now?.() ?? new Date(),
    translate: translator,
  };
}

/** A JSON request body for createRoute. */
export const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

/** An account as the API shows it (lib/users/service.ts userView). */
export const userSchema = z.object({
  id: z.number(),
  login: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  language: z.string(),
  image: z.string().nullable(),
  image_url: z.string().nullable(),
  active: z.boolean(),
  confirmed: z.boolean(),
  role: z.enum(ROLES),
  channel_id: z.number().nullable(),
  created_at: z.string(),
});

const text = (max: number) => z.string().max(max);
/** Profile fields (PUT user/{id}, POST users/new); rules beyond the shape are in lib/users/service.ts. */
export const profileSchema = z.object({
  login: text(60).optional(),
  email: text(254).optional(),
  phone: text(30).nullable().optional(),
  first_name: text(80).optional(),
  last_name: text(80).optional(),
  language: z.enum(LANGUAGES).optional(),
  role: z.enum(ROLES).optional(),
  active: z.boolean().optional(),
  channel_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
}).strict();

/** The neutral answer of reset and resend (never says whether the e-mail exists). */
export const sentSchema = z.object({ message: z.string() });
