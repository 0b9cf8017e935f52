/// <reference lib="dom" />
// Saves a file made in the browser (a chart's PNG or CSV, a QR code) through a temporary link.

export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
