import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, idParam, json, multipartBody, readUploadForm } from "../../../../app/api.ts";
import { appUserOf } from "../../../../app/auth.ts";
import { appUserView } from "../../../../lib/rules/app_users.ts";
import {
  appUserSchema,
  profileSchema,
  registerSchema,
  sessionSchema,
} from "../../../../lib/rules/app_user_schema.ts";
import * as accounts from "../../../../lib/app_users/service.ts";
import { AVATAR_MAX_BYTES, VISITOR_REGISTER_LIMITS } from "../../../../lib/rules/constants.ts";
import { AppError } from "../../../../lib/rules/errors.ts";
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

app.openapi(
  createRoute({
    method: "post",
    path: "/{id}/avatar",
    tags,
    summary: "Upload the caller's avatar: multipart field `image`, or JSON `{image: data URL, file_name}`",
    request: {
      params: idParams,
      // documented, not validated by a middleware: avatarFile reads either body with a running size limit
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
    const file = await avatarFile(c.req);
    const updated = await accounts.storeAvatar(c.var.sql, c.var.deps.storage, user, file);
    return c.json(appUserView(updated), 200);
  },
);

/** The avatar of a multipart form, or of a JSON body holding a data URL (the widget's preview). */
async function avatarFile(req: Parameters<typeof readUploadForm>[0]): Promise<unknown> {
  if (!(req.header("content-type") ?? "").includes("application/json")) {
    const form = await readUploadForm(req, AVATAR_MAX_BYTES);
    return form.get("image") ?? form.get("file");
  }
  // base64 is 4/3 of the bytes: the limit grows accordingly, counted while reading.
  const limit = Math.ceil(AVATAR_MAX_BYTES * 4 / 3) + 64 * 1024;
  const tooLarge = () => new AppError(413, "file_too_large", { mb: AVATAR_MAX_BYTES / 1024 / 1024 });
  if (Number(req.header("content-length") ?? 0) > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.raw.body ?? []) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  const text = await new Blob(chunks as BlobPart[]).text();
  const form = new FormData();
  let parsed: { image?: unknown; file_name?: unknown };
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(400, "invalid_json");
  }
  const match = typeof parsed.image === "string" ? /^data:[^;,]*;base64,(.*)$/s.exec(parsed.image) : null;
  if (!match) throw new AppError(400, "file_missing");
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(match[1]), (ch) => ch.charCodeAt(0));
  } catch {
    throw new AppError(400, "file_missing");
  }
  const name = typeof parsed.file_name === "string" ? parsed.file_name.slice(0, 255) : "avatar";
  form.append("image", new File([bytes as BlobPart], name));
  return form.get("image");
}

app.openapi(
  createRoute({
    method: "get",
    path: "/{id}/messages",
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
