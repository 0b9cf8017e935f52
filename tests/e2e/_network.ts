// A listener on a phone network, for the browser tests and bench/network_drop.ts: Chromium with a fake
// microphone and camera, its network emulated as a slow phone's (400 kbit/s both ways, 400 ms round trip,
// Network.emulateNetworkConditions), talking to the app through a proxy on loopback that drops it.
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import type { Sql } from "postgres";
import { type DropProxy, startDropProxy } from "../_drop_proxy.ts";
import { randomSegment } from "../api/_participation.ts";
import { FAKE_MEDIA, recorded } from "./_browser.ts";

/** 400 kbit/s each way, 400 ms round trip. */
export const SLOW_PHONE = { latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

export type WidgetKind = "single" | "channel";

/** A listener's tab on the slow network, with the proxy that can drop it. */
export interface Listener {
  page: Page;
  cdp: CDPSession;
  /** The network goes (the proxy cuts every connection, the browser says offline) for `ms`, then comes back. */
  drop(ms: number): Promise<void>;
  offline(on: boolean): Promise<void>;
}

let proxyPort = 0;

/**
 * The app's public address is the proxy's, as in a deployment behind one: what the app hands out (the
 * upload's URL, mail links) comes back through the proxy. `env` is a browserTest's; `proxyFor` then listens
 * on that address.
 */
export function behindProxy(): Record<string, string> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  proxyPort = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return { PUBLIC_URL: `http://127.0.0.1:${proxyPort}` };
}

/** A browserTest's options for a phone behind the proxy: fake microphone and camera, 375 px wide. */
export const ON_A_PHONE = {
  chromiumArgs: FAKE_MEDIA,
  viewport: { width: 375, height: 740 },
  env: behindProxy,
};

/** What a listener reads while the network is gone and their message waits on the phone. */
export const SAVED_OFFLINE = {
  en: "No network: your message is saved and will be sent as soon as you are back online",
  fr: "Pas de réseau : votre message est enregistré et sera envoyé dès que vous serez de nouveau connecté",
};

/** The proxy in front of the app at `baseUrl` (at its public address after `behindProxy`). */
export function proxyFor(baseUrl: string): DropProxy {
  return startDropProxy({ hostname: "127.0.0.1", port: Number(new URL(baseUrl).port) }, proxyPort);
}

/** A walk behind the proxy in front of the app at `baseUrl`; the proxy is closed after it, whatever happens. */
export async function withProxy(baseUrl: string, walk: (proxy: DropProxy) => Promise<void>): Promise<void> {
  const proxy = proxyFor(baseUrl);
  try {
    await walk(proxy);
  } finally {
    await proxy.close();
  }
}

/** A new tab in `context` on the slow network through `proxy`. */
export async function listenerTab(context: BrowserContext, proxy: DropProxy): Promise<Listener> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const conditions = async (offline: boolean) => {
    proxy.setOffline(offline);
    await cdp.send("Network.emulateNetworkConditions", { offline, ...SLOW_PHONE });
  };
  await conditions(false);
  return {
    page,
    cdp,
    offline: conditions,
    async drop(ms) {
      await conditions(true);
      await new Promise((r) => setTimeout(r, ms));
      await conditions(false);
    },
  };
}

/** A new browser context (a listener's own device: its own storage). */
export function newDevice(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 375, height: 740 } });
}

/** A voice (or video) interaction open to everyone, shown in the channel widget too. */
export async function openInteraction(
  sql: Sql,
  kind: "audio" | "video",
): Promise<{ id: number; channel: number }> {
  const [radio] = await sql<{ id: number }[]>`select id::int as id from channels order by id limit 1`;
  const segment = await randomSegment(sql, radio.id, {
    type: kind === "audio" ? "recording_question" : "video",
    title: kind === "audio" ? "Your dedication" : "Your festival",
    text: "Leave us a message",
    limit_1_vote: false,
    max_recording_time: 60,
    to_mode: "permanent",
    end_date: null,
  });
  return { id: segment.id, channel: radio.id };
}

/** The address of a widget of the interaction, through the proxy. */
export function widgetUrl(
  proxy: DropProxy,
  widget: WidgetKind,
  s: { id: number; channel: number },
  lang = "en",
) {
  return widget === "single"
    ? `${proxy.url}/widgets/${s.channel}/${s.id}/?lang=${lang}`
    : `${proxy.url}/widgets/channel/${s.channel}/?lang=${lang}&interaction_id=${s.id}`;
}

/** Opens the widget, records `seconds` and stops: the next click is Send. */
export async function record(
  page: Page,
  url: string,
  widget: WidgetKind,
  kind: "audio" | "video",
  seconds: number,
) {
  await page.goto(url);
  await page.locator("[data-ready]").first().waitFor({ timeout: 60_000 });
  if (widget === "single") {
    await page.getByRole("button", {
      name: kind === "audio" ? "Participate vocally" : "Participate in video",
    })
      .click();
  } else {
    await page.locator(".cw-slide").getByRole("link", { name: "Participate" }).first().dispatchEvent("click");
  }
  await page.getByRole("button", { name: "Record" }).click({ timeout: 60_000 });
  await page.locator('.recorder[data-state="recording"]').waitFor();
  await recorded(page, seconds);
  await page.getByRole("button", { name: "Stop" }).click();
  await page.locator('.recorder[data-state="finished"]').waitFor();
}

/** Presses Send (in the channel widget with my space, as a listener who sends under a pseudonym). */
export async function send(page: Page, widget: WidgetKind) {
  await page.getByRole("button", { name: widget === "single" ? "Send my participation" : "Send" }).click();
  if (widget !== "channel") return;
  await page.getByRole("button", { name: "Send without registering" }).click();
  await page.getByLabel("Pseudonym").fill("Lou");
  await page.locator(".cw-panel").getByRole("button", { name: "Send" }).click();
}

/** Waits for the thanks screen. */
export async function thanked(page: Page, widget: WidgetKind, timeout = 120_000) {
  await page.getByText(widget === "single" ? "Participation sent" : "Message sent").first().waitFor({
    timeout,
  });
}

/** The participations with media of an interaction, and the bytes of their files. */
export async function stored(sql: Sql, segment: number): Promise<{ count: number; bytes: number[] }> {
  const rows = await sql<{ size: number }[]>`
    select x.size_bytes::int as size from messages m join media x on x.id = m.media_id
    where m.segment_id = ${segment}`;
  return { count: rows.length, bytes: rows.map((r) => r.size) };
}

/**
 * The request line that starts a file's upload: its creation, which carries the file's bytes (tus
 * creation-with-upload); a PATCH comes only to resume it.
 */
export const UPLOAD_STARTS = "POST /api/v1/files/";

/** Waits until the proxy saw a request starting with `prefix` (e.g. UPLOAD_STARTS). */
export async function seen(proxy: DropProxy, prefix: string, timeout = 60_000) {
  const until = Date.now() + timeout;
  while (proxy.seen(prefix) === 0) {
    if (Date.now() > until) throw new Error(`no ${prefix} within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
