import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import {
  errorSchema,
  idParam,
  json,
  multipartBody,
  readUploadForm,
  staffApi,
  staffErrors,
} from "../../../app/api.ts";
import { staffOf } from "../../../app/auth.ts";
import { MEDIA_MAX_BYTES } from "../../../lib/rules/constants.ts";
import {
  deleteUserImage,
  storeUserImage,
  updateProfile,
  userFor,
  userView,
} from "../../../lib/users/service.ts";
import { body, profileSchema, userSchema } from "./_accounts.ts";

const tags = ["users"];
const idParams = z.object({ id: idParam });
import { audit } from "../../../app/audit.ts";

const app = staffApi();

app.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    tags,
    summary: "A staff account: one's own, or one of one's channel with users-manage",
    request: { params: idParams },
    responses: { 200: json(userSchema, "The user"), ...staffErrors },
  }),
  async (c) => c.json(userView(await userFor(c.var.sql, staffOf(c), c.req.valid("param").id)), 200),
);

app.openapi(
  createRoute({
    method: "put",
    path: "/{id}",
    tags,
    summary: "Update a profile (fields present only); channel_id by a super administrator switches company",
    request: { params: idParams, ...body(profileSchema) },
    responses: {
      200: json(userSchema, "The user"),
      ...staffErrors,
      409: json(errorSchema, "Email or login already taken"),
      422: json(errorSchema, "Unknown channel"),
    },
  }),
  async (c) => {
    const changes = c.req.valid("json");
    const user = await updateProfile(c.var.sql, staffOf(c), c.req.valid("param").id, changes);
    await audit(c, "user_changed", {
      object: ["user", user.id],
      channelId: user.channel_id,
      // which fields, and the role given: never the values of the others
      details: { fields: Object.keys(changes).sort(), role: "role" in changes ? user.role : undefined },
    });
    return c.json(userView(user), 200);
  },
);

app.openapi(
  createRoute({
    method: "post",
    path: "/{id}/image",
    tags,
    summary: "Upload the avatar (multipart field image: png or jpg by content, 10 MB)",
    request: {
      params: idParams,
      body: { content: multipartBody({ image: "binary" }, ["image"]), required: true },
    },
    responses: {
      200: json(userSchema, "The user"),
      ...staffErrors,
      413: json(errorSchema, "File larger than 10 MB"),
      415: json(errorSchema, "Not a png or jpg image"),
    },
  }),
  async (c) => {
    const user = staffOf(c);
    const { id } = c.req.valid("param");
    await userFor(c.var.sql, user, id);
    const form = await readUploadForm(c.req, MEDIA_MAX_BYTES);
    return c.json(
      userView(await storeUserImage(c.var.sql, c.var.deps.storage, user, id, form.get("image"))),
      200,
    );
  },
);

app.openapi(
  createRoute({
    method: "delete",
    path: "/{id}/image",
    tags,
    summary: "Remove the avatar",
    request: { params: idParams },
    responses: { 200: json(userSchema, "The user"), ...staffErrors },
  }),
  async (c) => {
    const user = await deleteUserImage(c.var.sql, c.var.deps.storage, staffOf(c), c.req.valid("param").id);
    return c.json(userView(user), 200);
  },
);

export default app;
