// A TCP proxy on loopback between a client (Chromium, tus-js-client) and the app, that loses the network as
// a phone does: every open connection cut at once, new ones refused while offline, a connection cut once a
// number of bytes went up, or cut at one request (before it reaches the app, or after the app answered it
// but before the answer comes back).

/** A cut at one request: its request line starts with `startsWith` (e.g. "PUT /api/v1/interactions"). */
export interface RequestCut {
  startsWith: string;
  /** "request": the app never sees it; "response": the app handles it, the answer is lost. */
  lose: "request" | "response";
  /** How many such requests are cut (1 by default); the next ones pass. */
  times?: number;
}

export interface DropProxy {
  /** Where the client connects (http://127.0.0.1:port). */
  url: string;
  port: number;
  /** Bytes sent from the client to the app so far (every connection). */
  readonly upBytes: number;
  /** Requests whose line started with `prefix` (seen by the proxy, cut or not). */
  seen(prefix: string): number;
  /** Offline: open connections are cut, new ones are closed at once; online again with false. */
  setOffline(offline: boolean): void;
  /** Cuts every connection (and goes offline) once `upBytes` reaches `bytes`. */
  cutAtUpBytes(bytes: number): Promise<void>;
  /** Cuts the next request(s) that start with a prefix. */
  cutRequest(cut: RequestCut): Promise<void>;
  /** Cuts every request that starts with one of `prefixes` (a network that fails unannounced) until released. */
  block(prefixes: string[]): () => void;
  close(): Promise<void>;
}

const decoder = new TextDecoder();

/** Starts a proxy to `target` (host:port of the app on loopback), on `port` (0: any free one). */
export function startDropProxy(target: { hostname: string; port: number }, port = 0): DropProxy {
  const listener = Deno.listen({ hostname: "127.0.0.1", port });
  port = (listener.addr as Deno.NetAddr).port;
  const open = new Set<{ client: Deno.Conn; upstream: Deno.Conn | null }>();
  const lines: string[] = [];
  let upBytes = 0;
  let offline = false;
  let byteCut: { at: number; done: () => void } | null = null;
  const requestCuts: (RequestCut & { left: number; done: () => void })[] = [];
  let blocked: string[] = [];

  const closeQuietly = (conn: Deno.Conn | null) => {
    try {
      conn?.close();
    } catch { /* already closed */ }
  };
  const cutAll = () => {
    for (const pair of open) {
      closeQuietly(pair.client);
      closeQuietly(pair.upstream);
    }
    open.clear();
  };

  async function pipe(
    pair: { client: Deno.Conn; upstream: Deno.Conn | null },
    from: Deno.Conn,
    to: Deno.Conn,
    up: boolean,
  ) {
    const buffer = new Uint8Array(64 * 1024);
    // a response to lose: the next bytes from the app close the connection instead of reaching the client
    let loseAnswer: (() => void) | null = null;
    const state = pair as { loseAnswer?: () => void };
    try {
      while (true) {
        const n = await from.read(buffer);
        if (n === null) break;
        let chunk = buffer.subarray(0, n);
        if (up) {
          const start = decoder.decode(chunk.subarray(0, 80));
          const line = /^[A-Z]+ \S+/.exec(start)?.[0];
          if (line) {
            lines.push(line);
            if (blocked.some((prefix) => line.startsWith(prefix))) {
              closeQuietly(pair.client);
              closeQuietly(pair.upstream);
              open.delete(pair);
              return;
            }
            const cut = requestCuts.find((c) => c.left > 0 && line.startsWith(c.startsWith));
            if (cut) {
              cut.left--;
              if (cut.left === 0) requestCuts.splice(requestCuts.indexOf(cut), 1);
              if (cut.lose === "request") {
                closeQuietly(pair.client);
                closeQuietly(pair.upstream);
                open.delete(pair);
                cut.done();
                return;
              }
              state.loseAnswer = cut.done;
            }
          }
          if (byteCut && upBytes + n >= byteCut.at) {
            // the bytes below the cut go through, as they would before a phone loses its signal
            chunk = chunk.subarray(0, Math.max(0, byteCut.at - upBytes));
            upBytes += chunk.length;
            if (chunk.length) await to.write(chunk);
            const done = byteCut.done;
            byteCut = null;
            offline = true;
            cutAll();
            done();
            return;
          }
          upBytes += n;
        } else {
          loseAnswer = state.loseAnswer ?? null;
          if (loseAnswer) {
            state.loseAnswer = undefined;
            closeQuietly(pair.client);
            closeQuietly(pair.upstream);
            open.delete(pair);
            loseAnswer();
            return;
          }
        }
        let written = 0;
        while (written < chunk.length) written += await to.write(chunk.subarray(written));
      }
    } catch { /* cut */ }
    closeQuietly(pair.client);
    closeQuietly(pair.upstream);
    open.delete(pair);
  }

  (async () => {
    for await (const client of listener) {
      if (offline) {
        closeQuietly(client);
        continue;
      }
      const pair: { client: Deno.Conn; upstream: Deno.Conn | null } = { client, upstream: null };
      open.add(pair);
      Deno.connect({ hostname: target.hostname, port: target.port }).then((upstream) => {
        if (!open.has(pair)) return closeQuietly(upstream);
        pair.upstream = upstream;
        pipe(pair, client, upstream, true);
        pipe(pair, upstream, client, false);
      }, () => {
        closeQuietly(client);
        open.delete(pair);
      });
    }
  })().catch(() => {});

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get upBytes() {
      return upBytes;
    },
    seen: (prefix) => lines.filter((l) => l.startsWith(prefix)).length,
    setOffline(value) {
      offline = value;
      if (value) cutAll();
    },
    cutAtUpBytes(bytes) {
      return new Promise((done) => (byteCut = { at: bytes, done }));
    },
    cutRequest(cut) {
      return new Promise((done) => requestCuts.push({ ...cut, left: cut.times ?? 1, done }));
    },
    block(prefixes) {
      blocked = prefixes;
      return () => (blocked = []);
    },
    async close() {
      offline = true;
      cutAll();
      try {
        listener.close();
      } catch { /* closed */ }
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}
