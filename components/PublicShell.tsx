import type { ComponentChildren } from "preact";
import { useT } from "../framework/island.tsx";

/** A centred card for small public pages (QR code, confirmations, errors). */
export function PublicShell({ title, children }: { title: string; children: ComponentChildren }) {
  const { t } = useT();
  return (
    <main class="public-shell">
      <section class="card public-card">
        <h1>{title}</h1>
        {children}
      </section>
      <footer class="brand-footer">{t("common.brand")}</footer>
    </main>
  );
}
