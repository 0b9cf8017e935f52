// A small round-robin HTTP proxy in a process of its own (so that it never shares the load generator's or
// a server's event loop), for the benches that compare one instance with two behind one port.

export interface Proxy {
  url: string;
  stop(): Promise<void>;
}

/** Starts a proxy on a free loopback port that sends each request to the next of `upstreams` in turn. */
export async function startProxy(upstreams: string[]): Promise<Proxy> {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      `const up = JSON.parse(Deno.env.get("UPSTREAMS")); let n = 0;
      Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: (a) => console.log(a.port) }, async (req) => {
        const url = new URL(req.url);
        const body = req.body ? await req.arrayBuffer() : undefined;
        return fetch(up[n++ % up.length] + url.pathname + url.search, {
          method: req.method, headers: req.headers, body, redirect: "manual",
        });
      });`,
    ],
    env: { UPSTREAMS: JSON.stringify(upstreams) },
    stdout: "piped",
  }).spawn();
  const reader = child.stdout.getReader();
  const port = Number(new TextDecoder().decode((await reader.read()).value).trim());
  reader.releaseLock();
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}
