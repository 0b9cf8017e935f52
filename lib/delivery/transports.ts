// How a delivered file reaches the studio: FTP/FTPS (basic-ftp), SFTP (ssh2-sftp-client, a
// password and/or a private key) or an S3-compatible bucket (@aws-sdk/client-s3, path-style, so MinIO,
// Ceph or any S3 API works). Each puts files into the channel's folder (the key prefix on S3) and returns
// their remote paths.
import { Buffer } from "node:buffer";
import { Readable } from "node:stream";
import type { ChannelRow, DeliveryProtocol } from "../rules/channels.ts";
import { DEFAULT_FTP_NAMING } from "../rules/channels.ts";
import { decryptSecret } from "../platform/crypto.ts";

/** A channel's transfer settings, secrets decrypted. */
export interface DeliverySettings {
  protocol: DeliveryProtocol;
  host: string;
  port: number;
  user: string;
  password: string;
  /** SFTP: a private key (PEM/OpenSSH), tried before the password. */
  privateKey: string | null;
  /** FTP: FTPS; S3: an https endpoint. */
  secure: boolean;
  folder: string;
  naming: string;
  /** S3 only. */
  bucket: string | null;
  region: string | null;
}

/** A file to put on the server. */
export interface UploadFile {
  name: string;
  body: ReadableStream<Uint8Array> | Uint8Array;
}

const TIMEOUT_MS = 15_000;

const unseal = async (secret: Uint8Array, sealed: string | null): Promise<string | null> => {
  if (!sealed) return "";
  try {
    return await decryptSecret(secret, sealed);
  } catch {
    return null; // sealed with another key: the channel must set it again
  }
};

/** The channel's transfer settings, or null when nothing usable is configured. */
export async function deliverySettingsOf(
  channel:
    & Pick<
      ChannelRow,
      | "ftp_host"
      | "ftp_port"
      | "ftp_user"
      | "ftp_password_enc"
      | "ftp_folder"
      | "ftp_naming"
      | "ftp_secure"
    >
    & Partial<Pick<ChannelRow, "delivery_protocol" | "sftp_private_key_enc" | "s3_bucket" | "s3_region">>,
  secret: Uint8Array,
): Promise<DeliverySettings | null> {
  const protocol = channel.delivery_protocol ?? "ftp";
  if (!channel.ftp_host) return null;
  if (protocol === "s3" && !channel.s3_bucket) return null;
  const password = await unseal(secret, channel.ftp_password_enc);
  const privateKey = await unseal(secret, channel.sftp_private_key_enc ?? null);
  if (password === null || privateKey === null) return null;
  return {
    protocol,
    host: channel.ftp_host,
    port: channel.ftp_port,
    user: channel.ftp_user || (protocol === "ftp" ? "anonymous" : ""),
    password,
    privateKey: privateKey || null,
    secure: channel.ftp_secure,
    folder: (channel.ftp_folder ?? "").replace(/^\/+|\/+$/g, ""),
    naming: channel.ftp_naming || DEFAULT_FTP_NAMING,
    bucket: channel.s3_bucket ?? null,
    region: channel.s3_region ?? null,
  };
}

const bytesOf = async (body: UploadFile["body"]) =>
  body instanceof Uint8Array ? body : new Uint8Array(await new Response(body).arrayBuffer());
const nodeStream = (body: UploadFile["body"]) =>
  body instanceof Uint8Array
    ? Readable.from([body])
    // deno-lint-ignore no-explicit-any -- a web stream becomes a Node stream
    : Readable.fromWeb(body as any);

async function uploadFtp(s: DeliverySettings, files: UploadFile[]): Promise<string[]> {
  // loaded on the first delivery, like the SFTP and S3 clients: an instance that never delivers never holds it
  const { Client } = await import("basic-ftp");
  const client = new Client(TIMEOUT_MS);
  try {
    await client.access({
      host: s.host,
      port: s.port,
      user: s.user,
      password: s.password,
      secure: s.secure,
      secureOptions: s.secure ? { rejectUnauthorized: false } : undefined,
    });
    if (s.folder) await client.ensureDir(`/${s.folder}`);
    const paths: string[] = [];
    for (const file of files) {
      await client.uploadFrom(nodeStream(file.body), file.name);
      paths.push(`${s.folder ? `/${s.folder}` : ""}/${file.name}`);
    }
    return paths;
  } finally {
    client.close();
  }
}

async function uploadSftp(s: DeliverySettings, files: UploadFile[]): Promise<string[]> {
  const { default: SftpClient } = await import("ssh2-sftp-client");
  const client = new SftpClient();
  try {
    await client.connect({
      host: s.host,
      port: s.port,
      username: s.user,
      password: s.password || undefined,
      privateKey: s.privateKey ?? undefined,
      readyTimeout: TIMEOUT_MS,
    });
    const folder = s.folder ? `/${s.folder}` : await client.cwd();
    if (s.folder && !(await client.exists(folder))) await client.mkdir(folder, true);
    const paths: string[] = [];
    for (const file of files) {
      const remote = `${folder.replace(/\/$/, "")}/${file.name}`;
      // written beside, then renamed: a playout system watching the folder never takes a half file
      await client.put(Buffer.from(await bytesOf(file.body)), `${remote}.part`);
      if (await client.exists(remote)) await client.delete(remote);
      await client.rename(`${remote}.part`, remote);
      paths.push(remote);
    }
    return paths;
  } finally {
    await client.end().catch(() => {});
  }
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  xml: "application/xml",
  webm: "video/webm",
  mp4: "video/mp4",
  m4a: "audio/mp4",
};

async function uploadS3(s: DeliverySettings, files: UploadFile[]): Promise<string[]> {
  const { S3Client, PutObjectCommand } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    endpoint: `${s.secure ? "https" : "http"}://${s.host}:${s.port}`,
    region: s.region || "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: s.user, secretAccessKey: s.password },
    maxAttempts: 2,
  });
  try {
    const paths: string[] = [];
    for (const file of files) {
      const key = `${s.folder ? `${s.folder}/` : ""}${file.name}`;
      const extension = file.name.slice(file.name.lastIndexOf(".") + 1).toLowerCase();
      await client.send(
        new PutObjectCommand({
          Bucket: s.bucket!,
          Key: key,
          Body: await bytesOf(file.body),
          ContentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
        }),
        { abortSignal: AbortSignal.timeout(TIMEOUT_MS) },
      );
      paths.push(`s3://${s.bucket}/${key}`);
    }
    return paths;
  } finally {
    client.destroy();
  }
}

/** Puts the files on the channel's server, by its protocol; returns the remote paths. */
export function uploadFiles(settings: DeliverySettings, files: UploadFile[]): Promise<string[]> {
  if (settings.protocol === "sftp") return uploadSftp(settings, files);
  if (settings.protocol === "s3") return uploadS3(settings, files);
  return uploadFtp(settings, files);
}
