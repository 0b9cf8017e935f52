// Request and response shapes of the visitor account API (widget §3 App user, §7). The field rules
// with their spec messages are in lib/rules/app_users.ts; these schemas only bound types and sizes.
import { z } from "zod";

const text = (max: number) => z.string().max(max).nullable().optional();

export const registerSchema = z.object({
  email: text(320),
  password: text(1000),
  nickname: text(200),
  phone: text(40),
  language: text(10),
  is_anonymous: z.boolean().optional(),
  channel_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  udid: text(100),
});

export const loginSchema = z.object({
  email: z.string().max(320),
  password: z.string().max(1000),
});

export const forgotSchema = z.object({
  email: z.string().max(320),
  channel_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
});

export const resetSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(1000),
});

export const profileSchema = z.object({
  first_name: text(100),
  last_name: text(100),
  nickname: text(200),
  phone: text(40),
  city: text(100),
  language: text(10),
  receive_emails: z.boolean().optional(),
  birth_date: text(20).describe("DD/MM/YYYY, a real past date; empty or null clears it"),
  email: text(320),
  login: text(320).describe("the new email, when the widget sends it as login"),
}).strict();

export const appUserSchema = z.object({
  id: z.number(),
  channel_id: z.number().nullable(),
  udid: z.string().nullable(),
  is_anonymous: z.boolean(),
  language: z.string(),
  nickname: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  receive_emails: z.boolean(),
  birth_date: z.string().nullable().describe("DD/MM/YYYY"),
  avatar_url: z.string().nullable(),
  image_url: z.string().nullable(),
  points: z.number().describe("total over every channel"),
  level: z.string().nullable().describe("BEGINNER … HERO; null for an anonymous user"),
  created_at: z.date(),
});

export const sessionSchema = appUserSchema.extend({
  access_token: z.string().describe("visitor bearer token (90 days), kept in the widget's local storage"),
});
