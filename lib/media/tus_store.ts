// Where resumable uploads wait until they are complete: in the media storage itself (a local folder or
// an S3-compatible bucket), never on the web server's own disk, so that instances without a writable
// disk (Deno Deploy) take uploads and a resume may land on any instance. A PATCH is written as it is
// received, in objects `tus/<id>.<offset>.part` of at most PART_BYTES (one flat folder: no empty folders
// left behind); `tus/<id>.json` keeps the announced size, the metadata and the parts' lengths. A PATCH cut
// off by the network keeps what arrived (tus 1.0: the server SHOULD), so the next HEAD answers the real
// offset and a phone resumes where its connection dropped instead of from the start.
import { DataStore, ERRORS, Upload } from "@tus/server";
import type { Storage } from "./storage.ts";

/** A creation of an upload that exists already (tus: 409 Conflict). */
const ALREADY_STARTED = { status_code: 409, body: "upload already started\n" };

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

/**
 * The largest part kept in memory before it is written: a PATCH of 50 MB holds at most this much, and a
 * server that stops loses at most this much of it.
 */
export const PART_BYTES = 1024 * 1024;

/** The size of an upload already finished and handed over (its parts are gone), or null. */
export type FinishedSize = (id: string) => Promise<number | null>;

function checkId(id: string): string {
  if (!SAFE_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
  return id;
}

export class StorageStore extends DataStore {
  /**
   * `finished` answers the size of an upload whose file was already taken over: a HEAD then says it is
   * complete, so a client whose last PATCH answer was lost finishes instead of starting over.
   */
  constructor(
    private storage: Storage,
    private expirationMs: number,
    private finished: FinishedSize = () => Promise.resolve(null),
  ) {
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
    // A second creation of the same upload (a phone retrying a creation whose bytes were cut off, while the
    // first one's request was still being read) would start its parts list again and orphan what the first
    // one kept: it is refused, and the phone resumes the existing upload instead. The server's lock on the
    // upload's id makes this check and the save one step.
    if (await this.info(checkId(upload.id))) throw ALREADY_STARTED;
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
    let chunks: Uint8Array[] = [];
    let length = 0;
    let at = offset;
    const flush = async () => {
      if (length === 0) return;
      const bytes = new Uint8Array(length);
      let pos = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, pos);
        pos += chunk.length;
      }
      await this.storage.put(partKey(id, at), bytes, "application/octet-stream");
      info.parts.push(length);
      await this.save(id, info);
      at += length;
      chunks = [];
      length = 0;
    };
    try {
      for await (const chunk of readable) {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= PART_BYTES) await flush();
      }
    } catch (error) {
      // the connection dropped: what arrived is kept, and the next HEAD answers where to resume
      await flush();
      throw error;
    }
    await flush();
    return at;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    if (!info) {
      const size = SAFE_ID.test(id) ? await this.finished(id) : null;
      if (size === null) throw ERRORS.FILE_NOT_FOUND;
      return new Upload({ id, size, offset: size, storage: { type: "storage", path: infoKey(id) } });
    }
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
