// A small round-robin HTTP proxy in a process of its own (so that it never shares the load generator's or
// a server's event loop), for the benches that compare one instance with two behind one port.
import { serveInChild } from "./_hello.ts";

export interface Proxy {
  url: string;
  stop(): Promise<void>;
}

/** Starts a proxy on a free loopback port that sends each request to the next of `upstreams` in turn. */
export async function startProxy(upstreams: string[]): Promise<Proxy> {
  const child = await serveInChild(
    `const up = JSON.parse(Deno.env.get("UPSTREAMS")); let n = 0;
    Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: (a) => console.log(a.port) }, async (req) => {
      const url = new URL(req.url);
      const body = req.body ? await req.arrayBuffer() : undefined;
      return fetch(up[n++ % up.length] + url.pathname + url.search, {
        method: req.method, headers: req.headers, body, redirect: "manual",
      });
    });`,
    { UPSTREAMS: JSON.stringify(upstreams) },
  );
  return { url: `http://127.0.0.1:${child.port}`, stop: child.stop };
}
