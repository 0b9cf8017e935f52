import { createRoute } from "@hono/zod-openapi";
import { SECURITY } from "../../../../app/openapi.ts";
import { z } from "zod";
import { apiApp, errorSchema, idParam, json, multipartBody, readImageBody } from "../../../../app/api.ts";
import { appUserOf } from "../../../../app/auth.ts";
import { declareBodyLimit } from "../../../../app/body_limit.ts";
import { appUserView } from "../../../../lib/rules/app_users.ts";
import {
  appUserSchema,
  profileSchema,
  registerSchema,
  sessionSchema,
} from "../../../../lib/rules/app_user_schema.ts";
import * as accounts from "../../../../lib/app_users/service.ts";
import { AVATAR_MAX_BYTES, VISITOR_REGISTER_LIMITS } from "../../../../lib/rules/constants.ts";
import { appUserHistory } from "../../../../lib/app_users/my_space.ts";
import { paginationHeaders } from "../../../../lib/rules/paging.ts";
import { enforceRateLimit } from "../../../../lib/platform/rate_limit.ts";
import { sessionBody, visitorErrors } from "./_http.ts";
import { clientIp } from "../../../../app/auth.ts";

const tags = ["app users"];
const idParams = z.object({ id: idParam });
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const app = apiApp();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags,
    summary: "Register an app user (full: email, password, nickname; or anonymous: nickname only)",
    request: body(registerSchema),
    responses: {
      201: json(sessionSchema, "The user and its access_token"),
      200: json(sessionSchema, "Anonymous: the existing user of the same device and pseudonym, a new token"),
      ...visitorErrors,
      409: json(errorSchema, "email_taken or nickname_taken"),
      429: json(errorSchema, "Too many registrations from this address"),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const kind = input.is_anonymous ? "anonymous" : "full";
    const key = `visitor-register-${kind}:ip:${clientIp(c)}`;
    await enforceRateLimit(c.var.sql, [key], VISITOR_REGISTER_LIMITS[kind]);
    const { user, access_token, created } = await accounts.register(c.var.sql, c.var.deps.jwtSecret, input);
    return c.json(sessionBody(user, access_token), created ? 201 : 200);
  },
);

app.openapi(
  createRoute({
    method: "put",
    path: "/{id}",
    security: SECURITY.listener,
    tags,
    summary: "Save the caller's profile (fields sent only; nothing changes on an error)",
    request: { params: idParams, ...body(profileSchema) },
    responses: {
      200: json(appUserSchema, "The updated user"),
      ...visitorErrors,
      409: json(errorSchema, "email_taken or nickname_taken"),
    },
  }),
  async (c) => {
    const user = await accounts.ownRegisteredUser(c.var.sql, appUserOf(c), c.req.valid("param").id);
    const now = c.var.deps.now?.() ?? new Date();
    const updated = await accounts.updateProfile(c.var.sql, user, c.req.valid("json"), now);
    return c.json(appUserView(updated), 200);
  },
);

// the JSON body carries the image as base64 (4/3 of its bytes); readImageBody counts the image's own limit
declareBodyLimit("/api/v1/app_users/{id}/avatar", Math.ceil(AVATAR_MAX_BYTES * 4 / 3) + 64 * 1024);
app.openapi(
  createRoute({
    method: "post",
    path: "/{id}/avatar",
    security: SECURITY.listener,
    tags,
    summary: "Upload the caller's avatar: multipart field `image`, or JSON `{image: data URL, file_name}`",
    request: {
      params: idParams,
      // documented, not validated by a middleware: readImageBody reads either body with a running size limit
      body: {
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: { image: { type: "string", format: "data-url" }, file_name: { type: "string" } },
              required: ["image"],
            },
          },
          ...multipartBody({ image: "binary", file: "binary" }),
        },
        required: true,
      },
    },
    responses: {
      200: json(appUserSchema, "The updated user (avatar_url)"),
      ...visitorErrors,
      413: json(errorSchema, "Larger than 5 MB"),
      415: json(errorSchema, "Not a png, jpg, gif or webp image"),
    },
  }),
  async (c) => {
    const user = await accounts.ownRegisteredUser(c.var.sql, appUserOf(c), c.req.valid("param").id);
    const file = await readImageBody(c.req, AVATAR_MAX_BYTES);
    const updated = await accounts.storeAvatar(c.var.sql, c.var.deps.storage, user, file);
    return c.json(appUserView(updated), 200);
  },
);

app.openapi(
  createRoute({
    method: "get",
    path: "/{id}/messages",
    security: SECURITY.listener,
    tags,
    summary: "The caller's participations, newest first, 50 per page (x-pagination-* headers)",
    request: {
      params: idParams,
      query: z.object({
        channel_id: idParam.optional(),
        page: z.coerce.number().int().min(1).max(100_000).default(1),
      }),
    },
    responses: { 200: json(z.array(z.record(z.string(), z.unknown())), "Messages"), ...visitorErrors },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    await accounts.ownRegisteredUser(c.var.sql, appUserOf(c), id);
    const { channel_id, page } = c.req.valid("query");
    const { items, pagination } = await appUserHistory(c.var.sql, id, channel_id ?? null, page);
    for (const [name, value] of Object.entries(paginationHeaders(pagination))) c.header(name, value);
    return c.json(items, 200);
  },
);

export default app;
