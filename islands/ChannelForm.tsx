// The channel form island (back-office §2 Channel detail): the draft, edit mode, restore and the
// save order of §4; each section of fields is a component of components/channels/ChannelFormSections.tsx.
import { useEffect, useState } from "preact/hooks";
import { island, useT } from "../framework/island.tsx";
import type { ChannelView } from "../lib/rules/channels.ts";
import { TOAST_MS } from "../lib/rules/constants.ts";
import { showToast } from "./browser/toast.ts";
import { api, errorMessage } from "./browser/http.ts";
import { useFirstInvalidFocus } from "./browser/focus.ts";
import { fieldMessages } from "../lib/rules/field_errors.ts";
import { type ImageChoice, pickError } from "../components/channels/ImageFields.tsx";
import { channelBody, draftOf, logoOf, uploadOf } from "../components/channels/channel_draft.ts";
import {
  AudioSection,
  type Draft,
  FtpSection,
  GeneralSection,
  InteractionsSection,
  LookSection,
  type SectionProps,
  WidgetSection,
} from "../components/channels/ChannelFormSections.tsx";

interface Props {
  channel: ChannelView | null;
  isSuperAdmin: boolean;
  /** False for staff without channel-settings: the form only shows the values. */
  canEdit: boolean;
  parents: { id: number; label: string }[];
  edit: boolean;
  notice: "saved" | "image_failed" | null;
}

/** The channel form (back-office §2 Channel detail): edit mode, restore, the save order of §4. */
function ChannelForm(props: Props) {
  const { t } = useT();
  const [saved, setSaved] = useState(props.channel);
  const [form, setForm] = useState<Draft>(draftOf(props.channel));
  const [logo, setLogo] = useState<ImageChoice>(logoOf(props.channel));
  const [bgUpload, setBgUpload] = useState<ImageChoice>(uploadOf(props.channel));
  const [editing, setEditing] = useState(props.canEdit && (props.edit || !props.channel));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const isNew = !saved;
  const off = !editing || saving;

  useEffect(() => {
    if (props.notice === "saved") showToast(t("channels.saved"), { durationMs: TOAST_MS.default });
    if (props.notice === "image_failed") showToast(t("channels.image_failed"), { kind: "warning" });
    if (props.notice) history.replaceState(null, "", location.pathname + (editing ? "?edit" : ""));
  }, []);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setForm((f) => ({ ...f, [key]: value }));
  const pick = (which: "logo" | "background", file: File) => {
    const error = pickError(file, t);
    setErrors((e) => ({ ...e, [which]: error ?? "" }));
    if (error) return;
    const choice = { url: null, file, preview: URL.createObjectURL(file) };
    if (which === "logo") setLogo(choice);
    else {
      setBgUpload(choice);
      set("background", null);
    }
  };
  const restore = () => {
    setForm(draftOf(saved));
    setLogo(logoOf(saved));
    setBgUpload(uploadOf(saved));
    setErrors({});
  };

  const uploads = async (id: number): Promise<boolean> => {
    let ok = true;
    const send = async (which: "logo" | "background", choice: ImageChoice) => {
      if (choice.file) {
        const data = new FormData();
        data.append("image", choice.file);
        const res = await api("POST", `/api/v1/channels/${id}/${which}`, data);
        if (!res.ok) {
          ok = false;
          setErrors((e) => ({ ...e, [which]: errorMessage(res.data, t("channels.image_failed")) }));
        }
      } else if (choice.removed && which === "logo") {
        await api("DELETE", `/api/v1/channels/${id}/logo`); // false value: delete
      }
    };
    await send("logo", logo);
    if (form.background === null) await send("background", bgUpload);
    return ok;
  };

  const save = async (event: Event) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    const res = await api<ChannelView & { fields?: Record<string, string[]> }>(
      isNew ? "POST" : "PUT",
      isNew ? "/api/v1/channels" : `/api/v1/channels/${saved!.id}`,
      channelBody(form, props.isSuperAdmin),
    );
    if (!res.ok || !res.data?.id) {
      setSaving(false);
      setErrors(fieldMessages(res.data?.fields, t));
      showToast(errorMessage(res.data, t("channels.save_failed")), { kind: "warning" });
      return;
    }
    const id = res.data.id;
    const imagesOk = await uploads(id);
    if (isNew) {
      location.assign(`/channels/${id}?${imagesOk ? "saved" : "image_failed"}=1`);
      return;
    }
    const fresh = await api<ChannelView>("GET", `/api/v1/channels/${id}`);
    const copy = fresh.ok ? fresh.data : res.data;
    setSaved(copy);
    setForm(draftOf(copy));
    setLogo(logoOf(copy));
    setBgUpload(uploadOf(copy));
    setSaving(false);
    if (imagesOk) {
      setEditing(false);
      showToast(t("channels.saved"), { durationMs: TOAST_MS.default, position: "top-center" });
    } else showToast(t("channels.image_failed"), { kind: "warning" });
  };

  const formRef = useFirstInvalidFocus<HTMLFormElement>(errors);
  const section: SectionProps = { form, set, off, errors };
  return (
    <form class="channel-form" onSubmit={save} noValidate ref={formRef}>
      <div class="form-toolbar">
        {!isNew && props.canEdit && (
          <button
            type="button"
            class="btn btn-secondary"
            aria-pressed={editing}
            onClick={() => setEditing(!editing)}
            disabled={saving}
          >
            {editing ? t("channels.stop_editing") : t("channels.edit")}
          </button>
        )}
        {!isNew && editing && (
          <button type="button" class="btn btn-secondary" onClick={restore} disabled={saving}>
            {t("channels.restore")}
          </button>
        )}
        {editing && (
          <button type="submit" class="btn btn-primary" disabled={saving}>
            {saving ? t("channels.saving") : isNew ? t("channels.create") : t("common.save")}
          </button>
        )}
      </div>
      <div class="form-grid">
        <GeneralSection
          {...section}
          isSuperAdmin={props.isSuperAdmin}
          parents={props.parents}
          savedId={saved?.id ?? null}
        />
        <LookSection
          {...section}
          logo={logo}
          upload={bgUpload}
          onPick={pick}
          onRemoveLogo={() => setLogo({ url: null, removed: true })}
        />
        <InteractionsSection {...section} />
        <WidgetSection {...section} />
        <AudioSection {...section} />
        <FtpSection
          {...section}
          passwordSet={saved?.ftp_password_set === true}
          keySet={saved?.sftp_private_key_set === true}
        />
      </div>
    </form>
  );
}

export default island("ChannelForm", ChannelForm, {
  ns: ["channels", "errors", "data_rights", "studio_audio", "studio_delivery", "channel_time_zone"],
});
