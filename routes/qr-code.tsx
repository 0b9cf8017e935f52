import { Hono } from "hono";
import type { AppEnv } from "../framework/env.ts";
import { renderPage } from "../framework/render.tsx";
import { QR_QUIET_ZONE, qrMatrix, qrPath, qrSvg } from "../lib/qr.ts";
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
          <svg
            role="img"
            aria-label={t("qr.alt", { value: data })}
            viewBox={`0 0 ${size} ${size}`}
            width="280"
            height="280"
            shape-rendering="crispEdges"
          >
            <rect width={size} height={size} fill="#fff" />
            <path d={qrPath(matrix)} fill="#000" />
          </svg>
        </div>
        <figcaption class="qr-value">{data}</figcaption>
      </figure>
      <QrDownload svg={svg} size={size} filename="qr-code" />
    </PublicShell>,
    { title: t("qr.title") },
  );
});
