/// <reference lib="dom" />
// Profile edit (visitor-widget §2 Profile edit, §5 Profile save): an error leaves the form unchanged.
import { useState } from "preact/hooks";
import { useT } from "../../framework/island.tsx";
import { WIDGET_PROFILE_LANGUAGES } from "../../lib/rules/constants.ts";
import { isEmail, isPhone } from "../../lib/rules/validation.ts";
import { birthForApi, birthForInput, birthProblem } from "../../lib/rules/channel_widget.ts";
import { setVisitorSession, visitorApi, type VisitorSession } from "../../islands/browser/http.ts";
import { Avatar } from "./Ranking.tsx";
import { DateField } from "../DateField.tsx";
import { useAvailability } from "./availability.ts";

const KEYS = ["nickname", "city", "first_name", "last_name", "phone", "email"] as const;
const str = (v: unknown) => (typeof v === "string" ? v : "");
const WIDGET_FIELD = { field: "cw-field", hint: "cw-muted", error: "cw-hint" };

export function ProfileEdit(
  { user, onUser, onDone }: {
    user: VisitorSession;
    onUser: (u: VisitorSession | null) => void;
    onDone: () => void;
  },
) {
  const { t } = useT();
  const [v, setV] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(KEYS.map((k) => [k, str(user[k])])),
    language: str(user.language) || "fr",
    birth_date: birthForInput(str(user.birth_date)),
  }));
  // a date typed that cannot be read (31/02/2026, 14/07/26): the field says why
  const [unreadableBirth, setUnreadableBirth] = useState(false);
  const [emails, setEmails] = useState(user.receive_emails === true);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const set = (k: string, value: string) => {
    setV({ ...v, [k]: value });
    setTouched(new Set(touched).add(k));
  };
  const keep = (u: VisitorSession) => {
    const session = { ...u, access_token: user.access_token };
    setVisitorSession(session);
    onUser(session);
  };
  const emptyName = (k: string) => touched.has(k) && !v[k].trim();
  // availability checks 350 ms after typing stops (§5); the user's own values count as free
  const emailState = useAvailability("email", v.email, isEmail(v.email), str(user.email));
  const nicknameState = useAvailability(
    "nickname",
    v.nickname,
    v.nickname.trim().length > 1,
    str(user.nickname),
  );

  // shown once the field was edited and left in a form the server would refuse
  const badPhone = touched.has("phone") && v.phone.trim() !== "" && !isPhone(v.phone);
  const birthWrong = birthProblem(v.birth_date, unreadableBirth);
  const badBirth = touched.has("birth_date") && birthWrong !== null;

  const save = async (e: Event) => {
    e.preventDefault();
    if (emptyName("first_name") || emptyName("last_name") || nicknameState === "taken") return;
    if (birthWrong) setTouched(new Set(touched).add("birth_date")); // says why at the field
    if (badPhone || birthWrong) return;
    const body: Record<string, unknown> = {
      // names are sent when filled: an emptied one is shown invalid above
      ...(v.first_name.trim() ? { first_name: v.first_name } : {}),
      ...(v.last_name.trim() ? { last_name: v.last_name } : {}),
      nickname: v.nickname,
      phone: v.phone,
      city: v.city,
      language: v.language,
      receive_emails: emails,
      birth_date: birthForApi(v.birth_date),
    };
    // the email is sent only when it changed and is valid (§5)
    if (v.email !== str(user.email) && isEmail(v.email)) {
      Object.assign(body, { email: v.email, login: v.email });
    }
    const res = await visitorApi<VisitorSession & { message?: string }>(
      "PUT",
      `/api/v1/app_users/${user.id}`,
      body,
    );
    if (!res.ok) return setMessage({ error: true, text: res.data?.message ?? t("channel_widget.error") });
    keep(res.data);
    // a new language: the widget shows in it from now on (the address's ?lang= still wins)
    if (res.data.language !== user.language && !new URL(location.href).searchParams.has("lang")) {
      return location.reload();
    }
    setMessage({ error: false, text: t("channel_widget.profile.saved") });
  };
  const avatar = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      return setMessage({ error: true, text: t("channel_widget.profile.image_only") });
    }
    const form = new FormData();
    form.append("image", file);
    const res = await visitorApi<VisitorSession & { message?: string }>(
      "POST",
      `/api/v1/app_users/${user.id}/avatar`,
      form,
    );
    if (!res.ok) return setMessage({ error: true, text: res.data?.message ?? t("channel_widget.error") });
    keep(res.data);
    setMessage(null); // an earlier error about the photo no longer holds
  };
  const changePassword = async () => {
    const res = await visitorApi("POST", "/api/v1/app_users/forgot_password", { email: user.email });
    setMessage(
      res.ok
        ? { error: false, text: t("channel_widget.forgot_sent") }
        : { error: true, text: t("channel_widget.error") },
    );
  };
  const logout = () => {
    // ends the session on the server too (the token stops working at once); no need to wait for it
    visitorApi("POST", "/api/v1/logout").catch(() => {});
    setVisitorSession(null);
    onUser(null);
    onDone();
  };
  const field = (k: string, label: string, type = "text", invalid = false) => (
    <label class="cw-field">
      <span>{label}</span>
      <input
        type={type}
        value={v[k]}
        aria-invalid={invalid ? "true" : undefined}
        onInput={(e) => set(k, (e.target as HTMLInputElement).value)}
      />
    </label>
  );

  return (
    <form class="cw-form cw-profile" onSubmit={save}>
      <label class="cw-avatar-upload">
        <Avatar url={user.avatar_url} big />
        <span class="cw-link">{t("channel_widget.profile.avatar")}</span>
        <input
          type="file"
          accept="image/*"
          class="sr-only"
          onChange={(e) => avatar((e.target as HTMLInputElement).files?.[0])}
        />
      </label>
      {message && <p class={message.error ? "cw-alert" : "cw-notice"} role="status">{message.text}</p>}
      {field("nickname", t("channel_widget.login.nickname"), "text", nicknameState === "taken")}
      {nicknameState === "taken" && <small class="cw-hint">{t("channel_widget.nickname_taken")}</small>}
      <label class="cw-field">
        <span>{t("channel_widget.profile.language")}</span>
        <select value={v.language} onChange={(e) => set("language", (e.target as HTMLSelectElement).value)}>
          {WIDGET_PROFILE_LANGUAGES.map((l) => (
            <option key={l} value={l}>{t(`channel_widget.profile.lang_${l}`)}</option>
          ))}
        </select>
      </label>
      {field("city", t("channel_widget.profile.city"))}
      {field("first_name", t("channel_widget.profile.first_name"), "text", emptyName("first_name"))}
      {field("last_name", t("channel_widget.profile.name"), "text", emptyName("last_name"))}
      {field("phone", t("channel_widget.login.phone"), "tel", badPhone)}
      {badPhone && <small class="cw-hint">{t("widget_forms.phone_expected")}</small>}
      {/* DD/MM/YYYY as the widget writes dates in every language (§9), whatever the device's own order */}
      <DateField
        id="cw-birth"
        label={t("channel_widget.profile.birthday")}
        value={v.birth_date}
        autoComplete="bday"
        classes={WIDGET_FIELD}
        error={badBirth && birthWrong !== "invalid" ? t(`widget_forms.birthday_${birthWrong}`) : undefined}
        onChange={(value) => set("birth_date", value)}
        onProblem={(code) => {
          setUnreadableBirth(code !== null);
          setTouched(new Set(touched).add("birth_date"));
        }}
      />
      {field(
        "email",
        t("channel_widget.login.email"),
        "email",
        (v.email !== "" && !isEmail(v.email)) || emailState === "taken",
      )}
      {v.email !== "" && !isEmail(v.email) && (
        <small class="cw-hint">{t("channel_widget.email_invalid")}</small>
      )}
      {emailState === "taken" && <small class="cw-hint">{t("channel_widget.email_taken")}</small>}
      <fieldset class="cw-field cw-yesno">
        <legend>{t("channel_widget.profile.info_emails")}</legend>
        <label>
          <input type="radio" name="receive_emails" checked={emails} onChange={() => setEmails(true)} />{" "}
          {t("channel_widget.profile.yes")}
        </label>
        <label>
          <input type="radio" name="receive_emails" checked={!emails} onChange={() => setEmails(false)} />
          {" "}
          {t("channel_widget.profile.no")}
        </label>
      </fieldset>
      <button type="button" class="cw-link" onClick={changePassword}>
        {t("channel_widget.profile.change_password")}
      </button>
      <button type="submit" class="cw-btn">{t("channel_widget.profile.save")}</button>
      <button type="button" class="cw-btn cw-btn-alt" onClick={logout}>
        {t("channel_widget.profile.logout")}
      </button>
      <a class="cw-link" href="/widgets/terms" target="_blank" rel="noopener">
        {t("channel_widget.profile.terms")}
      </a>
    </form>
  );
}
