// Where resumable uploads wait until they are complete: in the media storage itself (a local folder or
// an S3-compatible bucket), never on the web server's own disk, so that instances without a writable
// disk (Deno Deploy) take uploads and a resume may land on any instance. Each PATCH is one object
// `tus/<id>.<offset>.part` (one flat folder: no empty folders left behind); `tus/<id>.json` keeps the
// announced size, the metadata and the parts' lengths.
import { DataStore, ERRORS, Upload } from "@tus/server";
import type { Storage } from "./storage.ts";

interface Info {
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
  /** Byte lengths of the parts in order (each part's offset is the sum of those before). */
  parts: number[];
}

const infoKey = (id: string) => `tus/${id}.json`;
const partKey = (id: string, offset: number) => `tus/${id}.${String(offset).padStart(12, "0")}.part`;
const SAFE_ID = /^[A-Za-z0-9_-]{1,100}$/;

function checkId(id: string): string {
  if (!SAFE_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
  return id;
}

export class StorageStore extends DataStore {
  constructor(private storage: Storage, private expirationMs: number) {
    super();
    this.extensions = [
      "creation",
      "creation-with-upload",
      "creation-defer-length",
      "termination",
      "expiration",
    ];
  }

  private async info(id: string): Promise<Info | null> {
    const stream = await this.storage.get(infoKey(checkId(id)));
    if (!stream) return null;
    return JSON.parse(await new Response(stream).text()) as Info;
  }

  private async save(id: string, info: Info): Promise<void> {
    await this.storage.put(infoKey(id), new TextEncoder().encode(JSON.stringify(info)), "application/json");
  }

  override async create(upload: Upload): Promise<Upload> {
    await this.save(checkId(upload.id), {
      size: upload.size,
      metadata: upload.metadata,
      creation_date: upload.creation_date,
      parts: [],
    });
    upload.storage = { type: "storage", path: infoKey(upload.id) };
    return upload;
  }

  override async write(readable: AsyncIterable<Uint8Array>, id: string, offset: number): Promise<number> {
    const info = await this.info(id);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    const chunks: Uint8Array[] = [];
    let length = 0;
    try {
      for await (const chunk of readable) {
        chunks.push(chunk);
        length += chunk.length;
      }
    } catch {
      // an interrupted PATCH keeps nothing: the client resumes from the last whole part
      throw ERRORS.FILE_WRITE_ERROR;
    }
    if (length === 0) return offset;
    const bytes = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    await this.storage.put(partKey(id, offset), bytes, "application/octet-stream");
    info.parts.push(length);
    await this.save(id, info);
    return offset + length;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: info.size,
      offset: info.parts.reduce((sum, n) => sum + n, 0),
      metadata: info.metadata,
      creation_date: info.creation_date,
      storage: { type: "storage", path: infoKey(id) },
    });
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    const info = await this.info(id);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    info.size = size;
    await this.save(id, info);
  }

  override async remove(id: string): Promise<void> {
    const info = await this.info(id);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    let offset = 0;
    for (const length of info.parts) {
      await this.storage.delete(partKey(id, offset));
      offset += length;
    }
    await this.storage.delete(infoKey(id));
  }

  /** True while an upload (finished or not) still has its parts in the storage. */
  async exists(id: string): Promise<boolean> {
    return (await this.info(id).catch(() => null)) !== null;
  }

  /** The whole upload's bytes, part after part. */
  async read(id: string): Promise<ReadableStream<Uint8Array>> {
    const info = await this.info(id);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    let sum = 0;
    const offsets = info.parts.map((n) => (sum += n) - n);
    const storage = this.storage;
    let next = 0;
    let current: ReadableStreamDefaultReader<Uint8Array> | null = null;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        while (true) {
          if (!current) {
            if (next >= offsets.length) return controller.close();
            const part = await storage.get(partKey(id, offsets[next++]));
            if (!part) return controller.error(new Error(`missing part of upload ${id}`));
            current = part.getReader();
          }
          const { value, done } = await current.read();
          if (done) {
            current = null;
            continue;
          }
          controller.enqueue(value);
          return;
        }
      },
      async cancel() {
        await current?.cancel();
      },
    });
  }

  /** Expired uploads go with their slots (cleanupUploads): the storage is not listed. */
  override deleteExpired(): Promise<number> {
    return Promise.resolve(0);
  }

  override getExpiration(): number {
    return this.expirationMs;
  }
}
