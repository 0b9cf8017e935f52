// The network side of a webhook delivery, closed to DNS rebinding: the endpoint's name is
// resolved once per attempt, every address it gives is checked (lib/rules/addresses.ts), and the request goes
// to exactly the address checked. fetch() would resolve the name again, and a name that answered a public
// address to the check could answer 127.0.0.1 to fetch; so the delivery opens its own TCP connection to the
// checked address, starts TLS over it for the URL's name (SNI and certificate checked against that name, as
// fetch would), and writes one HTTP/1.1 POST. Redirects are never followed: only the status is read.
import { httpPostHead, responseStatus } from "../rules/webhooks.ts";

/** A DNS lookup of one record type; Deno.resolveDns by default, a resolver of their own in tests. */
export type ResolveDns = (host: string, type: "A" | "AAAA") => Promise<string[]>;

/** What a delivery's network goes through: the resolver and extra trusted roots (tests' own receivers). */
export interface WebhookNetwork {
  resolveDns?: ResolveDns;
  caCerts?: string[];
}

const systemResolveDns: ResolveDns = (host, type) => Deno.resolveDns(host, type);

/** The A and AAAA addresses of a name (none when it does not resolve). */
export async function lookupHost(host: string, resolveDns: ResolveDns = systemResolveDns): Promise<string[]> {
  const [a, aaaa] = await Promise.all([
    resolveDns(host, "A").catch(() => [] as string[]),
    resolveDns(host, "AAAA").catch(() => [] as string[]),
  ]);
  return [...a, ...aaaa];
}

const MAX_HEAD_BYTES = 16 * 1024;

async function writeAll(conn: Deno.Conn, bytes: Uint8Array) {
  for (let at = 0; at < bytes.length;) at += await conn.write(bytes.subarray(at));
}

/** Reads the response's first line (16 KB at most) and returns its status. */
async function readStatus(conn: Deno.Conn): Promise<number> {
  const decoder = new TextDecoder();
  const buffer = new Uint8Array(4096);
  let text = "";
  while (text.length < MAX_HEAD_BYTES && !text.includes("\r\n")) {
    const n = await conn.read(buffer);
    if (n === null) break;
    text += decoder.decode(buffer.subarray(0, n), { stream: true });
  }
  const status = responseStatus(text);
  if (status === null) throw new Error("not an HTTP/1.1 response");
  return status;
}

/**
 * POSTs `body` to `url` over a connection to `address` (the one checked), with TLS for an https URL,
 * verified for the URL's host name. Returns the response's status; throws a TimeoutError DOMException
 * after `timeoutMs`, or the network's or TLS's error.
 */
export async function postToAddress(
  url: URL,
  address: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; caCerts?: string[] },
): Promise<number> {
  const https = url.protocol === "https:";
  const signal = AbortSignal.timeout(options.timeoutMs);
  let conn: Deno.Conn | null = null;
  const abort = () => {
    try {
      conn?.close();
    } catch { /* already closed */ }
  };
  signal.addEventListener("abort", abort);
  try {
    const tcp = await Deno.connect({
      hostname: address,
      port: Number(url.port) || (https ? 443 : 80),
      signal,
    });
    conn = tcp;
    if (https) {
      conn = await Deno.startTls(tcp, {
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        caCerts: options.caCerts,
      });
    }
    const payload = new TextEncoder().encode(body);
    await writeAll(conn, new TextEncoder().encode(httpPostHead(url, headers, payload.length)));
    await writeAll(conn, payload);
    return await readStatus(conn);
  } catch (e) {
    if (signal.aborted) throw new DOMException("timed out", "TimeoutError");
    throw e;
  } finally {
    signal.removeEventListener("abort", abort);
    abort();
  }
}
