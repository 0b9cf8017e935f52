import { island, useT } from "../framework/island.tsx";
import { saveFile } from "./browser/save_file.ts";

interface Props {
  svg: string;
  filename: string;
  /** The chart's data as CSV (a CSV button), none when the page links to it. */
  csv?: string;
  /** Only the PNG button (the page links to the SVG and CSV). */
  pngOnly?: boolean;
  /** The chart's title, for the buttons' accessible names. */
  title: string;
}

/** A chart's downloads made in the browser: the SVG drawn on a canvas at twice its size as PNG. */
function ChartDownload({ svg, filename, csv, pngOnly, title }: Props) {
  const { t } = useT();
  const savePng = () => {
    const [, , w, h] = (svg.match(/viewBox="([\d.\s]+)"/)?.[1] ?? "0 0 400 200").split(/\s+/).map(Number);
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(w * 2);
    canvas.height = Math.round(h * 2);
    const img = new Image();
    img.onload = () => {
      const ctx = canvas.getContext("2d")!;
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((blob) => blob && saveFile(blob, `${filename}.png`), "image/png");
    };
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  };
  const label = (format: string) => t("interaction_stats.download", { format, title });
  return (
    <span class="stat-downloads">
      {!pngOnly && (
        <button
          type="button"
          class="link-button"
          aria-label={label("SVG")}
          onClick={() => saveFile(new Blob([svg], { type: "image/svg+xml" }), `${filename}.svg`)}
        >
          SVG
        </button>
      )}
      <button type="button" class="link-button" aria-label={label("PNG")} onClick={savePng}>PNG</button>
      {csv !== undefined && (
        <button
          type="button"
          class="link-button"
          aria-label={label("CSV")}
          onClick={() => saveFile(new Blob([csv], { type: "text/csv;charset=utf-8" }), `${filename}.csv`)}
        >
          CSV
        </button>
      )}
    </span>
  );
}

export default island("ChartDownload", ChartDownload, { ns: ["interaction_stats"] });
