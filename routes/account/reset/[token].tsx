import { Hono } from "hono";
import type { AppEnv } from "../../../app/env.ts";
import { renderPage } from "../../../framework/render.tsx";
import { ChannelBrand } from "../../../components/account/ChannelBrand.tsx";
import { PublicShell } from "../../../components/PublicShell.tsx";
import AccountResetForm from "../../../islands/AccountResetForm.tsx";
import { isResetTokenValid } from "../../../lib/app_users/service.ts";
import { readableOn } from "../../../lib/rules/customisation.ts";
import { channelBrand } from "../../../lib/channels/widget.ts";

/** The channel colour as the page's primary, with the more readable text colour on it. */
function colourStyle(color: string): string {
  return `--color-primary: ${color}; --color-accent: ${color}; --color-primary-contrast: ${
    readableOn(color)
  }`;
}

/**
 * GET /account/reset/{token}: the visitor's new-password page from the forgot-password mail, in the
 * colours of the channel it was asked from (?channel_id=). The token never leaves through a Referer.
 */
export default new Hono<AppEnv>().get("/", async (c) => {
  const t = c.var.t;
  const token = c.req.param("token") ?? "";
  const channel = await channelBrand(c.var.sql, Number(c.req.query("channel_id")));
  const color = channel?.color ?? null;
  const valid = token.length <= 200 &&
    await isResetTokenValid(c.var.sql, token, c.var.deps.now?.() ?? new Date());
  c.header("Cache-Control", "no-store");
  const title = valid ? t("account.reset_title") : t("account.reset_invalid_title");
  return renderPage(
    c,
    <PublicShell title={title}>
      {channel && <ChannelBrand label={channel.label} logoUrl={channel.logo_url} />}
      {valid
        ? <AccountResetForm token={token} />
        : <p class="notice notice-error" role="alert">{t("errors.reset_token_invalid")}</p>}
    </PublicShell>,
    {
      title: channel ? `${title} · ${channel.label}` : title,
      css: ["account.css"],
      head: (
        <>
          <meta name="referrer" content="no-referrer" />
          <meta name="robots" content="noindex" />
        </>
      ),
      htmlStyle: color ? colourStyle(color) : undefined,
      bodyClass: "account-page",
      status: valid ? 200 : 410,
    },
  );
});
