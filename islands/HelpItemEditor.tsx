import { useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import { LANGUAGES } from "../lib/rules/languages.ts";
import { MEDIA_MAX_BYTES, TOAST_MS } from "../lib/rules/constants.ts";
import { showToast } from "./browser/toast.ts";
import { api, errorMessage } from "./browser/http.ts";
import { TextField } from "../components/channels/fields.tsx";

interface Version {
  id: number;
  language: string;
  title: string;
  body_markdown: string;
  image_url: string | null;
  video_url: string | null;
}
interface Props {
  versions: Version[];
  comments: { id: number; language: string; text: string; author: string | null; created_at: string }[];
}

/** The welcome help item editor: one tab per language, markdown text, an image or a video. */
function HelpItemEditor(props: Props) {
  const { t, lang } = useT();
  const [versions, setVersions] = useState<Record<string, Version>>(
    Object.fromEntries(props.versions.map((v) => [v.language, v])),
  );
  const [current, setCurrent] = useState<string>(lang in versions ? lang : "fr");
  const version = versions[current];
  const [title, setTitle] = useState(version?.title ?? "");
  const [body, setBody] = useState(version?.body_markdown ?? "");
  const [busy, setBusy] = useState(false);

  const choose = (language: string) => {
    setCurrent(language);
    setTitle(versions[language]?.title ?? "");
    setBody(versions[language]?.body_markdown ?? "");
  };
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    const res = await api<Version>("PUT", `/api/v1/help_item/welcome/${current}`, {
      title,
      body_markdown: body,
    });
    setBusy(false);
    if (res.ok) {
      setVersions({ ...versions, [current]: res.data });
      showToast(t("channels.saved"), { durationMs: TOAST_MS.default });
    } else showToast(errorMessage(res.data, t("channels.save_failed")), { kind: "warning" });
  };
  const upload = async (which: "image" | "video", file: File) => {
    if (!version) return;
    if (file.size > MEDIA_MAX_BYTES) {
      showToast(t("channels.image_size", { mb: MEDIA_MAX_BYTES / 1024 / 1024 }), { kind: "warning" });
      return;
    }
    const data = new FormData();
    data.append(which, file);
    setBusy(true);
    const res = await api<Version>("POST", `/api/v1/help_item/${version.id}/${which}`, data);
    setBusy(false);
    if (res.ok) setVersions({ ...versions, [current]: res.data });
    else showToast(errorMessage(res.data, t("channels.image_failed")), { kind: "warning" });
  };
  const remove = async (which: "image" | "video") => {
    if (!version) return;
    const res = await api("DELETE", `/api/v1/help_item/${version.id}/${which}`);
    if (res.ok) setVersions({ ...versions, [current]: { ...version, [`${which}_url`]: null } });
  };

  return (
    <div class="help-editor">
      <div class="tabs" role="group" aria-label={t("help.languages")}>
        {LANGUAGES.map((l) => (
          <button
            key={l}
            type="button"
            class={`tab${l === current ? " is-current" : ""}${versions[l] ? "" : " is-missing"}`}
            aria-pressed={l === current}
            onClick={() => choose(l)}
          >
            {t(`channels.languages.${l}`)}
            {!versions[l] && <span class="sr-only">{` (${t("help.missing")})`}</span>}
            {!versions[l] && <span aria-hidden="true">·</span>}
          </button>
        ))}
      </div>
      <form class="card" onSubmit={save}>
        <TextField
          id="help-title-input"
          label={t("help.title")}
          value={title}
          maxLength={200}
          required
          onInput={setTitle}
        />
        <div class="field">
          <label for="help-body">{t("help.body")}</label>
          <textarea
            id="help-body"
            class="help-body"
            value={body}
            maxLength={20000}
            aria-describedby="help-body-hint"
            onInput={(e) => setBody((e.target as HTMLTextAreaElement).value)}
          />
          <span class="field-hint" id="help-body-hint">{t("help.body_hint")} {t("help.steps_hint")}</span>
        </div>
        <div class="help-media-row">
          {(["image", "video"] as const).map((which) => {
            const url = version?.[`${which}_url`];
            return (
              <div class="field" key={which}>
                <span class="label">{t(`help.${which}`)}</span>
                {url && (which === "image"
                  ? <img class="help-thumb" src={url} alt="" />
                  : <video class="help-thumb" src={url} controls preload="metadata" />)}
                <div class="upload-buttons">
                  <label class={`btn btn-secondary btn-sm${!version || busy ? " is-disabled" : ""}`}>
                    {t(`help.upload_${which}`)}
                    <input
                      type="file"
                      class="sr-only"
                      disabled={!version || busy}
                      accept={which === "image" ? "image/png,image/jpeg" : "video/mp4,video/webm"}
                      onChange={(e) => {
                        const file = (e.target as HTMLInputElement).files?.[0];
                        if (file) upload(which, file);
                        (e.target as HTMLInputElement).value = "";
                      }}
                    />
                  </label>
                  {url && (
                    <button
                      type="button"
                      class="btn btn-link"
                      onClick={() => remove(which)}
                    >
                      {t("help.remove")}
                    </button>
                  )}
                </div>
                {!version && <span class="field-hint">{t("help.save_first")}</span>}
              </div>
            );
          })}
        </div>
        <div class="form-toolbar form-toolbar-end">
          <button type="submit" class="btn btn-primary" disabled={busy || !title.trim()}>
            {t("common.save")}
          </button>
        </div>
      </form>
      <section class="card help-comments-admin" aria-labelledby="help-comments-admin">
        <h2 id="help-comments-admin">{t("help.comments")}</h2>
        {props.comments.length === 0 ? <p class="muted">{t("help.no_comments")}</p> : (
          <ul>
            {props.comments.map((c) => (
              <li key={c.id}>
                <p>{c.text}</p>
                <small class="muted">
                  {c.author ?? ""} · {c.language.toUpperCase()} ·{" "}
                  {new Date(c.created_at).toLocaleString(lang === "technical" ? "en" : lang)}
                </small>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default island("HelpItemEditor", HelpItemEditor, { ns: ["help", "channels"] });
