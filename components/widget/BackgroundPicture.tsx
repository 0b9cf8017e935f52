import { stockImageSize } from "../../lib/rules/channels.ts";

/**
 * A widget's background picture, shown once the island's script has run (base.css .after-script): on a phone
 * network the first control's script comes first, the picture after it.
 */
export function BackgroundPicture({ url }: { url: string }) {
  return <img class="after-script" src={url} alt="" loading="lazy" {...stockImageSize(url)} />;
}
