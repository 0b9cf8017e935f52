// The QR codes of a widget's address that staff print or show on air, drawn as SVG. Pure.
import qrcode from "qrcode-generator";

/** The most characters a QR code of this page encodes (version 40, level M holds 2,331 bytes). */
export const QR_MAX_LENGTH = 2000;

/** The dark/light module matrix of a QR code (error correction M), or null when the text is too long. */
export function qrMatrix(text: string): boolean[][] | null {
  if (!text || new TextEncoder().encode(text).length > QR_MAX_LENGTH) return null;
  const qr = qrcode(0, "M");
  qr.addData(unescape(encodeURIComponent(text)), "Byte");
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => qr.isDark(r, c)));
}

/** Modules of white border around a code, as the QR standard asks. */
export const QR_QUIET_ZONE = 4;

/** One SVG path drawing every dark module, offset by the quiet zone. */
export function qrPath(matrix: boolean[][], quiet = QR_QUIET_ZONE): string {
  let path = "";
  matrix.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (dark) path += `M${c + quiet} ${r + quiet}h1v1h-1z`;
    });
  });
  return path;
}

/**
 * An SVG of a QR code matrix with a quiet zone of 4 modules, one path for all dark modules.
 * @example qrSvg(qrMatrix("hello")!, 256)
 */
export function qrSvg(matrix: boolean[][], pixels = 256, quiet = QR_QUIET_ZONE): string {
  const size = matrix.length + quiet * 2;
  const path = qrPath(matrix, quiet);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${pixels}" height="${pixels}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
