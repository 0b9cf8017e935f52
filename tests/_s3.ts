// A real S3-compatible server (s3rver) on 127.0.0.1 for delivery tests: one bucket, objects
// kept in a temp folder, read back with the same S3 API the delivery uses.
import S3rver from "s3rver";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";

export interface LocalS3 {
  port: number;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The object's bytes, or null. */
  get(key: string): Promise<Uint8Array | null>;
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts s3rver with one bucket (its fixed credentials S3RVER/S3RVER, which it checks). */
export async function startS3(bucket = "studio-drop"): Promise<LocalS3> {
  const directory = await Deno.makeTempDir({ prefix: "im-s3-" });
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  return {
    port,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return await out.Body!.transformToByteArray();
      } catch {
        return null;
      }
    },
    async keys() {
      const out = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (out.Contents ?? []).map((o) => o.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await Deno.remove(directory, { recursive: true });
    },
  };
}
