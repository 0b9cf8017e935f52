import { QR_QUIET_ZONE, qrPath } from "../lib/rules/qr.ts";

/** A QR code matrix drawn as an inline SVG image (one path for the dark modules, with the quiet zone). */
export function QrImage(props: { matrix: boolean[][]; label: string; pixels: number }) {
  const size = props.matrix.length + QR_QUIET_ZONE * 2;
  return (
    <svg
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${size} ${size}`}
      width={props.pixels}
      height={props.pixels}
      shape-rendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(props.matrix)} fill="#000" />
    </svg>
  );
}
