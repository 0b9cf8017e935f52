// A real SSH server (Debian's openssh-server) on 127.0.0.1 for SFTP delivery tests: sshd runs
// in the foreground on a free port with a temporary host key, accepts one temporary client key (RSA, PEM)
// for the current user, and serves SFTP only. Files land under `root`, an absolute folder.
export interface LocalSftp {
  port: number;
  user: string;
  /** The client's private key (PEM), for the channel's settings. */
  privateKey: string;
  /** A folder the server writes into (absolute, without the leading slash as a channel folder). */
  root: string;
  close(): Promise<void>;
}

export const SSHD = "/usr/sbin/sshd";
export const hasSshd = await Deno.stat(SSHD).then(() => true, () => false);

async function run(cmd: string, args: string[]) {
  const out = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  if (!out.success) throw new Error(`${cmd} failed: ${new TextDecoder().decode(out.stderr)}`);
  return new TextDecoder().decode(out.stdout).trim();
}

/** Starts sshd; resolves once it accepts connections. */
export async function startSftp(): Promise<LocalSftp> {
  const dir = await Deno.makeTempDir({ prefix: "im-sshd-" });
  const root = `${dir}/files`;
  await Deno.mkdir(root);
  await run("ssh-keygen", ["-q", "-t", "rsa", "-b", "2048", "-N", "", "-f", `${dir}/host_rsa`]);
  await run("ssh-keygen", ["-q", "-t", "rsa", "-b", "2048", "-m", "PEM", "-N", "", "-f", `${dir}/client`]);
  await Deno.copyFile(`${dir}/client.pub`, `${dir}/authorized_keys`);
  const user = await run("id", ["-un"]);
  if (Deno.uid?.() === 0) await Deno.mkdir("/run/sshd", { recursive: true }); // privilege separation
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (probe.addr as Deno.NetAddr).port;
  probe.close();
  await Deno.writeTextFile(
    `${dir}/sshd_config`,
    [
      `Port ${port}`,
      "ListenAddress 127.0.0.1",
      `HostKey ${dir}/host_rsa`,
      `PidFile ${dir}/sshd.pid`,
      `AuthorizedKeysFile ${dir}/authorized_keys`,
      "PubkeyAuthentication yes",
      "PasswordAuthentication no",
      "KbdInteractiveAuthentication no",
      "UsePAM no",
      "StrictModes no",
      "PermitRootLogin prohibit-password",
      `AllowUsers ${user}`,
      "Subsystem sftp internal-sftp",
      "ForceCommand internal-sftp",
      "LogLevel ERROR",
      "",
    ].join("\n"),
  );
  const child = new Deno.Command(SSHD, {
    args: ["-D", "-e", "-f", `${dir}/sshd_config`],
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const stderr = new Response(child.stderr).text();
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      break;
    } catch {
      if (Date.now() > until) {
        child.kill();
        throw new Error(`sshd did not start: ${await stderr}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    port,
    user,
    privateKey: await Deno.readTextFile(`${dir}/client`),
    root: root.replace(/^\/+/, ""),
    async close() {
      try {
        child.kill("SIGTERM");
      } catch { /* already gone */ }
      await child.status;
      await stderr.catch(() => "");
      await Deno.remove(dir, { recursive: true });
    },
  };
}
