import { Hono } from "hono";
import type { AppEnv } from "../app/env.ts";
import { renderPage } from "../framework/render.tsx";
import { QR_QUIET_ZONE, qrMatrix, qrSvg } from "../lib/rules/qr.ts";
import { QrImage } from "../components/QrImage.tsx";
import QrDownload from "../islands/QrDownload.tsx";
import { PublicShell } from "../components/PublicShell.tsx";

/** GET /qr-code?qrData=…: the QR code of the value, with svg and png downloads (spec §2). */
export default new Hono<AppEnv>().get("/", (c) => {
  const t = c.var.t;
  const data = c.req.query("qrData") ?? "";
  const matrix = qrMatrix(data);
  if (!matrix) {
    const message = data ? t("qr.too_long") : t("qr.missing");
    return renderPage(
      c,
      <PublicShell title={t("qr.title")}>
        <p class="notice notice-error" role="alert">{message}</p>
      </PublicShell>,
      { title: t("qr.title"), status: 400 },
    );
  }
  const svg = qrSvg(matrix, 280);
  const size = matrix.length + QR_QUIET_ZONE * 2;
  return renderPage(
    c,
    <PublicShell title={t("qr.title")}>
      <figure class="qr-figure">
        <div class="qr-code">
          <QrImage matrix={matrix} label={t("qr.alt", { value: data })} pixels={280} />
        </div>
        <figcaption class="qr-value">{data}</figcaption>
      </figure>
      <QrDownload svg={svg} size={size} filename="qr-code" />
    </PublicShell>,
    { title: t("qr.title") },
  );
});
