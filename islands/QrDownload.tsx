// A QR code's downloads, made in the browser: the SVG as it is, or drawn as a PNG.
import { island, useT } from "../framework/island.tsx";
import { saveFile } from "./browser/save_file.ts";

interface Props {
  svg: string;
  /** Modules per side including the quiet zone, to draw the PNG crisply. */
  size: number;
  filename: string;
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
      canvas.toBlob((blob) => blob && saveFile(blob, `${filename}.png`), "image/png");
    };
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  };
  return (
    <div class="button-row">
      <button
        type="button"
        class="btn btn-primary"
        onClick={() => saveFile(new Blob([svg], { type: "image/svg+xml" }), `${filename}.svg`)}
      >
        {t("qr.download_svg")}
      </button>
      <button type="button" class="btn btn-secondary" onClick={savePng}>{t("qr.download_png")}</button>
    </div>
  );
}

export default island("QrDownload", QrDownload, { ns: ["qr"] });
