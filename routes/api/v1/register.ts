import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { apiApp, errorSchema, json } from "../../../app/api.ts";
import { clientIp } from "../../../app/auth.ts";
import { register } from "../../../lib/accounts/service.ts";
import { REGISTER_LIMIT, registrationError } from "../../../lib/rules/accounts.ts";
import { AppError } from "../../../lib/rules/errors.ts";
import { LANGUAGES } from "../../../lib/rules/i18n.ts";
import { enforceRateLimit } from "../../../lib/platform/rate_limit.ts";
import { accountContext, body } from "./_accounts.ts";

const app = apiApp();
const field = (max: number) => z.string().max(max).optional();

app.openapi(
  createRoute({
    method: "post",
    path: "/",
    tags: ["auth"],
    summary: "Register a staff account: a demo channel of one's own, confirmed by e-mail before login",
    request: body(z.object({
      login: field(60),
      email: field(254),
      phone: field(30),
      password: field(200),
      first_name: field(80),
      last_name: field(80),
      language: z.enum(LANGUAGES).optional(),
    })),
    responses: {
      201: json(
        z.object({ message: z.string() }),
        "Check your mailbox: the same answer for a new e-mail (a confirmation link is sent) and for one that " +
          "already has an account (its owner is told someone tried)",
      ),
      400: json(errorSchema, "All fields are required, Invalid telephone, Invalid email, Invalid password"),
      409: json(errorSchema, "Login already taken"),
      429: json(errorSchema, "Too many attempts"),
    },
  }),
  async (c) => {
    const form = c.req.valid("json");
    const error = registrationError(form);
    if (error) {
      throw new AppError(400, error.code, {}, Object.fromEntries(error.fields.map((f) => [f, [error.code]])));
    }
    await enforceRateLimit(c.var.sql, [`register:ip:${clientIp(c)}`], REGISTER_LIMIT);
    await register(
      accountContext(c),
      form as Required<typeof form>,
      form.language ?? c.var.lang,
    );
    return c.json({ message: c.var.t("auth.check_mailbox", { email: form.email!.trim() }) }, 201);
  },
);

export default app;
