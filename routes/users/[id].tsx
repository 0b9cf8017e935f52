import { Hono } from "hono";
import type { AppEnv } from "../../app/env.ts";
import { requirePage, staffOf } from "../../app/auth.ts";
import { renderPage } from "../../framework/render.tsx";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { Section } from "../../components/channels/fields.tsx";
import CompanySwitch from "../../islands/CompanySwitch.tsx";
import UserProfile from "../../islands/UserProfile.tsx";
import { channelChoicesFor } from "../../lib/channels/pages.ts";
import { can, isSuperAdministrator } from "../../lib/rules/permissions.ts";
import { userFor, userView } from "../../lib/users/service.ts";
import TwoFactorProfile from "../../islands/TwoFactorProfile.tsx";
import { twoFactorSettingsFor, twoFactorStatus } from "../../lib/accounts/two_factor.ts";
import { pathId } from "../../app/api.ts";

/** GET /users/{id}: a profile (one's own, or one of one's channel with users-manage; else 404/403). */
export default new Hono<AppEnv>().get("/", requirePage(), async (c) => {
  const user = staffOf(c);
  const id = pathId(c);
  const target = await userFor(c.var.sql, user, id);
  const t = c.var.t;
  const superAdmin = isSuperAdministrator(user);
  const channels = await channelChoicesFor(c.var.sql, user);
  const name = `${target.first_name ?? ""} ${target.last_name ?? ""}`.trim() || target.login;
  const self = target.id === user.id;
  const twoFactor = await twoFactorStatus(c.var.sql, target);
  const policy = self && can(user, "channel-settings") ? await twoFactorSettingsFor(c.var.sql, user) : null;
  const notice = c.req.query("created") !== undefined
    ? "created"
    : c.req.query("saved") !== undefined
    ? "saved"
    : null;
  return renderPage(
    c,
    <AdminLayout
      user={user}
      menu="user"
      active="profile"
      userId={target.id}
      heading={name}
      actions={can(user, "users-manage") && (
        <a class="btn btn-secondary" href="/users">{t("users.back_to_list")}</a>
      )}
    >
      {superAdmin && target.id === user.id && (
        <Section id="sec-company" title={t("users.company_title")}>
          <p class="field-hint">{t("users.company_text")}</p>
          <CompanySwitch userId={user.id} channelId={user.channel_id} channels={channels} />
        </Section>
      )}
      <UserProfile
        user={userView(target)}
        selfId={user.id}
        canManage={can(user, "users-manage")}
        isSuperAdmin={superAdmin}
        channels={channels}
        channelId={null}
        notice={notice}
      />
      <Section id="sec-two-factor" title={t("users.two_factor.title")}>
        <TwoFactorProfile
          userId={target.id}
          self={self}
          enrolled={twoFactor.enrolled}
          app={twoFactor.app}
          passkeys={twoFactor.passkeys}
          required={twoFactor.required}
          recoveryCodesLeft={twoFactor.recovery_codes_left}
          canReset={can(user, "users-manage")}
          policy={policy}
          isSuperAdmin={superAdmin}
        />
      </Section>
    </AdminLayout>,
    { title: `${t("users.profile_title")} · ${name}`, css: ["admin.css", "channels.css", "accounts.css"] },
  );
});
