import { useT } from "../../framework/island.tsx";
import { qrMatrix } from "../../lib/rules/qr.ts";
import { QrImage } from "../QrImage.tsx";
import { qrCodeUrl, segmentPreviewPath, segmentWidgetPath } from "../../lib/rules/share.ts";
import { embedCode } from "../../lib/rules/embed.ts";
import { type CsvSeparator, csvSeparatorFor, otherCsvSeparator } from "../../lib/rules/csv.ts";
import CopyField from "../../islands/CopyField.tsx";

/** The preview card: the real widget of the segment in an iframe, in the staff member's language. */
export function PreviewCard(props: { channelId: number; id: number; title: string }) {
  const { t, lang } = useT();
  const src = segmentPreviewPath(props.channelId, props.id, lang);
  return (
    <section class="card preview-card" aria-labelledby="preview-h">
      <h2 id="preview-h">{t("interactions.sections.preview")}</h2>
      <div class="preview-frame">
        <iframe src={src} title={t("interactions.preview_title", { title: props.title })} loading="lazy">
        </iframe>
      </div>
      <a class="btn btn-link" href={src} target="_blank" rel="noopener">{t("interactions.open_widget")}</a>
    </section>
  );
}

/** Sharing (back-office §2): the share URL, its QR code (the /qr-code page downloads svg and png), the embed code, the CSV. */
export function SharePanel(
  props: { base: string; channelId: number; id: number; title: string; shareUrl: string; canExport: boolean },
) {
  const { t } = useT();
  const matrix = qrMatrix(props.shareUrl);
  const embed = embedCode(props.base, segmentWidgetPath(props.channelId, props.id), { title: props.title });
  return (
    <section class="card share-panel" aria-labelledby="share-h">
      <h2 id="share-h">{t("interactions.sections.share")}</h2>
      <CopyField
        id="share-url"
        label={t("interactions.share_link")}
        value={props.shareUrl}
        button={t("interactions.copy_link")}
      />
      {matrix && (
        <div class="share-qr">
          <QrImage matrix={matrix} label={t("interactions.qr_alt")} pixels={120} />
          <a href={qrCodeUrl(props.shareUrl)} target="_blank" rel="noopener">{t("interactions.qr_open")}</a>
        </div>
      )}
      <CopyField
        id="share-embed"
        label={t("interactions.embed")}
        value={embed}
        button={t("interactions.copy_embed")}
        multiline
      />
      {props.canExport && <ExportLinks id={props.id} />}
    </section>
  );
}

/** The CSV export: split as the user's spreadsheet expects, and the other separator offered beside it. */
function ExportLinks(props: { id: number }) {
  const { t, lang } = useT();
  const own = csvSeparatorFor(lang);
  const other = otherCsvSeparator(own);
  const href = (separator: CsvSeparator) => `/api/v1/show_segments/${props.id}/export?separator=${separator}`;
  return (
    <div class="export-links">
      <a class="btn btn-secondary" href={href(own)} download="export.csv">
        {t("interactions.download_csv")}
      </a>
      <a class="btn btn-link btn-sm" href={href(other)} download="export.csv">
        {t(`csv_separator.${other}`)}
      </a>
      <a
        class="btn btn-link btn-sm"
        href={`/api/v1/show_segments/${props.id}/export?format=raw`}
        download="export.csv"
      >
        {t("interactions.download_csv_raw")}
      </a>
    </div>
  );
}
