/** The channel's logo (or its name) above a visitor account page. */
export function ChannelBrand({ label, logoUrl }: { label: string; logoUrl: string | null }) {
  return (
    <div class="account-brand">
      {logoUrl
        ? <img src={logoUrl} alt={label} class="account-logo" />
        : <p class="account-channel">{label}</p>}
    </div>
  );
}
