import { island, useT } from "../framework/island.tsx";

interface Props {
  svg: string;
  /** Modules per side including the quiet zone, to draw the PNG crisply. */
  size: number;
  filename: string;
  [key: string]: unknown;
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function QrDownload({ svg, size, filename }: Props) {
  const { t } = useT();
  const savePng = () => {
    const scale = Math.max(8, Math.ceil(1024 / size));
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size * scale;
    const img = new Image();
    img.onload = () => {
      const ctx = canvas.getContext("2d")!;
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => blob && download(blob, `${filename}.png`), "image/png");
    };
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  };
  return (
    <div class="button-row">
      <button
        type="button"
        class="btn btn-primary"
        onClick={() => download(new Blob([svg], { type: "image/svg+xml" }), `${filename}.svg`)}
      >
        {t("qr.download_svg")}
      </button>
      <button type="button" class="btn btn-secondary" onClick={savePng}>{t("qr.download_png")}</button>
    </div>
  );
}

export default island("QrDownload", QrDownload, { ns: ["qr"] });
