// A lean HTTP/1.1 load generator for bench/votes.ts: keep-alive connections, each with one request in
// flight, writing bytes built from a template and reading the status and the body by Content-Length.
// The votes' ceiling is pgbench, whose client is a few C calls per row; autocannon spent about 0.045 CPU
// ms per vote on the same two cores as the server and PostgreSQL (a fifth of the whole), this about half
// of that with the devices minted before the load, so the ratio measures the server more than its client.
// bench/votes.ts prints this client's CPU per vote beside the server's.

/** One request of a connection: the headers beyond Host, Content-Type and Content-Length, and the body. */
export interface PostRequest {
  headers: string;
  body: string;
}

export interface PostLoadOptions {
  /** The URL every request is posted to (http only). */
  url: string;
  connections: number;
  seconds: number;
  /** The next request; `context` belongs to its connection and comes back in onResponse. */
  request: (context: Record<string, unknown>) => PostRequest;
  onResponse: (status: number, body: string, context: Record<string, unknown>) => void;
}

export interface PostLoadResult {
  requests: number;
  /** Connections the server closed or that failed, each opened again. */
  errors: number;
  latency: { p50: number; p99: number };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const HEADERS_END = [13, 10, 13, 10];

/** Where the blank line after the headers starts in `bytes[0, length)`, or -1. */
function headersEnd(bytes: Uint8Array, length: number): number {
  for (let i = 0; i + 3 < length; i++) {
    if (
      bytes[i] === HEADERS_END[0] && bytes[i + 1] === HEADERS_END[1] && bytes[i + 2] === HEADERS_END[2] &&
      bytes[i + 3] === HEADERS_END[3]
    ) return i;
  }
  return -1;
}

/** Reads one response (status line, headers, a body of Content-Length bytes) from a connection. */
async function readResponse(
  conn: Deno.Conn,
  state: { buffer: Uint8Array; length: number },
): Promise<{ status: number; body: string } | null> {
  let end = headersEnd(state.buffer, state.length);
  while (end < 0) {
    if (state.length === state.buffer.length) {
      const bigger = new Uint8Array(state.buffer.length * 2);
      bigger.set(state.buffer);
      state.buffer = bigger;
    }
    const n = await conn.read(state.buffer.subarray(state.length));
    if (n === null) return null;
    state.length += n;
    end = headersEnd(state.buffer, state.length);
  }
  const head = decoder.decode(state.buffer.subarray(0, end));
  const status = Number(head.slice(9, 12));
  const match = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (!match) throw new Error(`a response without Content-Length: ${head.split("\r\n")[0]}`);
  const total = end + 4 + Number(match[1]);
  if (total > state.buffer.length) {
    const bigger = new Uint8Array(total * 2);
    bigger.set(state.buffer.subarray(0, state.length));
    state.buffer = bigger;
  }
  while (state.length < total) {
    const n = await conn.read(state.buffer.subarray(state.length));
    if (n === null) return null;
    state.length += n;
  }
  const body = decoder.decode(state.buffer.subarray(end + 4, total));
  // what came after this response (nothing, with one request in flight) stays for the next
  state.buffer.copyWithin(0, total, state.length);
  state.length -= total;
  return { status, body };
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array) {
  for (let written = 0; written < bytes.length;) written += await conn.write(bytes.subarray(written));
}

/** Posts requests on `connections` keep-alive connections for `seconds`, one in flight on each. */
export async function postLoad(options: PostLoadOptions): Promise<PostLoadResult> {
  const url = new URL(options.url);
  const port = Number(url.port || 80);
  const start = `POST ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\n` +
    `content-type: application/json\r\n`;
  const deadline = performance.now() + options.seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const connection = async () => {
    const context: Record<string, unknown> = {};
    while (performance.now() < deadline) {
      let conn: Deno.TcpConn | null = null;
      try {
        conn = await Deno.connect({ hostname: url.hostname, port });
        conn.setNoDelay(true);
        const state = { buffer: new Uint8Array(16 * 1024), length: 0 };
        while (performance.now() < deadline) {
          const { headers, body } = options.request(context);
          const payload = encoder.encode(body);
          const head = encoder.encode(`${start}${headers}content-length: ${payload.length}\r\n\r\n`);
          const bytes = new Uint8Array(head.length + payload.length);
          bytes.set(head);
          bytes.set(payload, head.length);
          const sent = performance.now();
          await writeAll(conn, bytes);
          const response = await readResponse(conn, state);
          if (!response) throw new Error("closed");
          latencies.push(performance.now() - sent);
          options.onResponse(response.status, response.body, context);
        }
      } catch {
        errors++;
        await new Promise((resolve) => setTimeout(resolve, 10)); // a server that refuses is not hammered
      } finally {
        try {
          conn?.close();
        } catch { /* already closed */ }
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]) : 0;
  return { requests: latencies.length, errors, latency: { p50: at(0.5), p99: at(0.99) } };
}
