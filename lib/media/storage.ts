// Where media files are kept (recordings, videos, photos, backgrounds and their copies): a local folder,
// or an S3-compatible bucket, behind one interface the services and the media route read and write.
import type { Config } from "../platform/config.ts";

/** Where media files live: a local folder by default, an S3-compatible bucket when S3_* is set. */
export interface Storage {
  put(key: string, data: Uint8Array | ReadableStream<Uint8Array>, contentType: string): Promise<void>;
  get(key: string): Promise<ReadableStream<Uint8Array> | null>;
  /**
   * A local path for tools such as ffmpeg. S3 objects are downloaded first, into `workDir` when given (so
   * that the copy goes when the caller removes its work folder), else into a temp file the caller removes.
   */
  localPath(key: string, workDir?: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** The size in bytes of a stored object, or null when missing (for Range requests). */
  size?(key: string): Promise<number | null>;
  /** The bytes start..end (inclusive) of a stored object, or null when missing. */
  getRange?(key: string, start: number, end: number): Promise<ReadableStream<Uint8Array> | null>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/** A storage in a local folder (DATA_DIR/media). */
export function localStorage(root: string): Storage {
  const pathOf = (key: string) => `${root}/${checkKey(key)}`;
  return {
    async put(key, data) {
      const path = pathOf(key);
      await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
      if (data instanceof Uint8Array) await Deno.writeFile(path, data);
      else await Deno.writeFile(path, data);
    },
    async get(key) {
      try {
        return (await Deno.open(pathOf(key), { read: true })).readable;
      } catch {
        return null;
      }
    },
    localPath: (key) => Promise.resolve(pathOf(key)),
    async delete(key) {
      await Deno.remove(pathOf(key)).catch(() => {});
    },
    async size(key) {
      try {
        const info = await Deno.stat(pathOf(key));
        return info.isFile ? info.size : null;
      } catch {
        return null;
      }
    },
    async getRange(key, start, end) {
      let file: Deno.FsFile;
      try {
        file = await Deno.open(pathOf(key), { read: true });
      } catch {
        return null;
      }
      await file.seek(start, Deno.SeekMode.Start);
      let left = end - start + 1;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          const chunk = new Uint8Array(Math.min(64 * 1024, left));
          const n = left > 0 ? await file.read(chunk) : null;
          if (!n) {
            file.close();
            controller.close();
            return;
          }
          left -= n;
          controller.enqueue(chunk.subarray(0, n));
        },
        cancel() {
          file.close();
        },
      });
    },
  };
}

/** An S3-compatible storage (AWS, MinIO, R2…). */
export async function s3Storage(config: Config): Promise<Storage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand, HeadObjectCommand } =
    await import(
      "@aws-sdk/client-s3"
    );
  const client = new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: true,
    credentials: config.S3_ACCESS_KEY_ID
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "" }
      : undefined,
  });
  const Bucket = config.S3_BUCKET!;
  const s3: Storage = {
    async put(key, data, contentType) {
      const body = data instanceof Uint8Array ? data : new Uint8Array(await new Response(data).arrayBuffer());
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return (out.Body as { transformToWebStream(): ReadableStream<Uint8Array> }).transformToWebStream();
      } catch {
        return null;
      }
    },
    async localPath(key, workDir) {
      const stream = await s3.get(key);
      if (!stream) throw new Error(`missing object ${key}`);
      const name = `source-${key.split("/").pop()}`;
      const path = workDir ? `${workDir}/${name}` : await Deno.makeTempFile({ suffix: `-${name}` });
      await Deno.writeFile(path, stream);
      return path;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async size(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return out.ContentLength ?? null;
      } catch {
        return null;
      }
    },
    async getRange(key, start, end) {
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: checkKey(key), Range: `bytes=${start}-${end}` }),
        );
        return (out.Body as { transformToWebStream(): ReadableStream<Uint8Array> }).transformToWebStream();
      } catch {
        return null;
      }
    },
  };
  return s3;
}

/** The storage the configuration asks for. */
export async function openStorage(config: Config): Promise<Storage> {
  return config.S3_ENDPOINT ? await s3Storage(config) : localStorage(`${config.DATA_DIR}/media`);
}
