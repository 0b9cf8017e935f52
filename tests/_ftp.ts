// A real FTP server (ftp-srv) on 127.0.0.1 for delivery tests; files land in a temp folder.
import { FtpSrv } from "ftp-srv";

export interface LocalFtp {
  port: number;
  root: string;
  user: string;
  password: string;
  close(): Promise<void>;
}

const quiet = {
  child: () => quiet,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  fatal() {},
};

/** Starts an FTP server with one account on a free port. */
export async function startFtp(user = "station", password = "Secret-Ftp-1"): Promise<LocalFtp> {
  const root = await Deno.makeTempDir({ prefix: "im-ftp-" });
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (probe.addr as Deno.NetAddr).port;
  probe.close();
  const pasvMin = 40000 + Math.floor(Math.random() * 20000);
  const server = new FtpSrv({
    url: `ftp://127.0.0.1:${port}`,
    pasv_url: "127.0.0.1",
    pasv_min: pasvMin,
    pasv_max: pasvMin + 50,
    anonymous: false,
    greeting: "test server",
    log: quiet,
  });
  server.on(
    "login",
    (
      data: { username: string; password: string },
      resolve: (r: { root: string }) => void,
      reject: (e: Error) => void,
    ) => {
      if (data.username === user && data.password === password) resolve({ root });
      else reject(new Error("Invalid username or password"));
    },
  );
  await server.listen();
  return {
    port,
    root,
    user,
    password,
    async close() {
      await server.close();
      await Deno.remove(root, { recursive: true }).catch(() => {});
    },
  };
}
