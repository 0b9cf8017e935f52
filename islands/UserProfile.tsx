import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { TOAST_MS } from "../lib/rules/constants.ts";
import type { UserView } from "../lib/users/service.ts";
import { api, errorMessage } from "./browser/http.ts";
import { showToast } from "./browser/toast.ts";
import { useFirstInvalidFocus } from "./browser/focus.ts";
import { fieldMessages } from "../lib/rules/field_errors.ts";
import { Section } from "../components/channels/fields.tsx";
import { AvatarField, avatarPickError, initialsOf } from "../components/users/AvatarField.tsx";
import { PasswordReset } from "../components/users/PasswordReset.tsx";
import { LogoutEverywhere } from "../components/users/LogoutEverywhere.tsx";
import { type UserDraft, UserFields } from "../components/users/UserFields.tsx";

interface Props {
  /** null: /users/new. */
  user: UserView | null;
  selfId: number;
  /** The viewer holds users-manage (role and state of other accounts). */
  canManage: boolean;
  isSuperAdmin: boolean;
  channels: { id: number; label: string }[];
  /** A fresh default channel for a new account. */
  channelId: number | null;
  notice: "saved" | "created" | null;
}

function draftOf(user: UserView | null, channelId: number | null): UserDraft {
  return {
    login: user?.login ?? "",
    email: user?.email ?? "",
    phone: user?.phone ?? "",
    first_name: user?.first_name ?? "",
    last_name: user?.last_name ?? "",
    language: user?.language ?? "fr",
    role: user?.role ?? "operator",
    active: user?.active ?? true,
    channel_id: user ? user.channel_id : channelId,
  };
}

/** The user profile (back-office §2, §4): edit mode, 'Saved !' 2 s, avatar, password reset by e-mail. */
function UserProfile(props: Props) {
  const { t } = useT();
  const [saved, setSaved] = useState(props.user);
  const [form, setForm] = useState(draftOf(props.user, props.channelId));
  const [editing, setEditing] = useState(!props.user);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useFirstInvalidFocus<HTMLFormElement>(errors);
  const [busy, setBusy] = useState(false);
  const [avatarError, setAvatarError] = useState<string>();
  const self = saved?.id === props.selfId;
  const manage = props.canManage && !self;

  useEffect(() => {
    if (props.notice) showToast(t("users.saved"), { durationMs: TOAST_MS.success });
    if (props.notice) history.replaceState(null, "", location.pathname);
  }, []);

  const set = <K extends keyof UserDraft>(key: K, value: UserDraft[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const body = () => {
    const out: Partial<UserDraft> = {
      login: form.login,
      email: form.email,
      phone: form.phone,
      first_name: form.first_name,
      last_name: form.last_name,
      language: form.language,
    };
    if (manage || !saved) Object.assign(out, { role: form.role, active: form.active });
    if (props.isSuperAdmin && !self) out.channel_id = form.channel_id;
    return out;
  };

  const save = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    const res = await api<UserView & { id: number; fields?: Record<string, string[]> }>(
      saved ? "PUT" : "POST",
      saved ? `/api/v1/user/${saved.id}` : "/api/v1/users/new",
      body(),
    );
    if (!res.ok) {
      setBusy(false);
      const message = errorMessage(res.data, t("users.save_failed"));
      setErrors(fieldMessages(res.data?.fields, t));
      showToast(message, { kind: "warning" }); // §8: the form is not updated
      return;
    }
    if (!saved) return location.assign(`/users/${res.data.id}?created`);
    if (self && res.data.language !== saved.language) return location.assign(`/users/${saved.id}?saved`);
    setSaved(res.data);
    setForm(draftOf(res.data, null));
    setEditing(false);
    setBusy(false);
    showToast(t("users.saved"), { durationMs: TOAST_MS.success });
  };

  const upload = async (file: File | null) => {
    if (!saved) return;
    const error = file ? avatarPickError(file, t) : null;
    setAvatarError(error ?? undefined);
    if (error) return;
    setBusy(true);
    let data: FormData | undefined;
    if (file) (data = new FormData()).append("image", file);
    const res = await api<UserView>(file ? "POST" : "DELETE", `/api/v1/user/${saved.id}/image`, data);
    setBusy(false);
    if (!res.ok) return setAvatarError(errorMessage(res.data, t("users.avatar_failed")));
    setSaved(res.data);
    showToast(t("users.saved"), { durationMs: TOAST_MS.success });
  };

  const resendInvite = async () => {
    const res = await api("POST", "/api/v1/users/resend", { email: saved!.email });
    if (res.ok) showToast(t("users.invite_sent", { email: saved!.email }), { durationMs: TOAST_MS.default });
    else showToast(errorMessage(res.data, t("errors.internal")), { kind: "warning" });
  };

  return (
    <form class="user-form" onSubmit={save} noValidate ref={formRef}>
      <div class="form-toolbar">
        {saved && (
          <button
            type="button"
            class="btn btn-secondary"
            aria-pressed={editing}
            disabled={busy}
            onClick={() => {
              if (editing) setForm(draftOf(saved, null));
              setErrors({});
              setEditing(!editing);
            }}
          >
            {editing ? t("users.stop_editing") : t("users.edit")}
          </button>
        )}
        {editing && (
          <button type="submit" class="btn btn-primary" disabled={busy}>
            {busy
              ? (saved ? t("auth.saving") : t("users.creating"))
              : saved
              ? t("common.save")
              : t("users.create")}
          </button>
        )}
      </div>
      {saved && !saved.confirmed && (
        <div class="notice notice-info user-unconfirmed">
          <span>{t("users.unconfirmed_notice")}</span>
          <button type="button" class="btn btn-link" disabled={busy} onClick={resendInvite}>
            {t("users.resend_invite")}
          </button>
        </div>
      )}
      <div class={saved ? "user-layout" : "user-layout user-layout-new"}>
        {saved && (
          <div class="user-side">
            <Section id="sec-avatar" title={t("users.avatar")}>
              <AvatarField
                url={saved.image_url}
                initials={initialsOf(saved)}
                busy={busy}
                error={avatarError}
                onPick={upload}
                onRemove={() => upload(null)}
              />
            </Section>
            <PasswordReset email={saved.email} self={self} />
            {self && <LogoutEverywhere email={saved.email} />}
          </div>
        )}
        <div class="user-main">
          <UserFields
            form={form}
            set={set}
            disabled={!editing || busy}
            errors={errors}
            manage={manage || !saved}
            superAdmin={props.isSuperAdmin && !self}
            channels={props.channels}
          />
          {!saved && <p class="field-hint">{t("users.invite_hint")}</p>}
        </div>
      </div>
    </form>
  );
}

export default island("UserProfile", UserProfile, { ns: ["users", "auth", "errors", "sessions"] });
