// The tus store: resumable uploads wait as parts in the media storage (no local disk).
import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { Upload } from "@tus/server";
import { StorageStore } from "../../lib/media/tus_store.ts";
import { localStorage } from "../../lib/media/storage.ts";

Deno.test("tus store - parts written at their offsets read back as one file, and go on removal", async () => {
  const root = await Deno.makeTempDir({ prefix: "im-tus-store-" });
  try {
    const store = new StorageStore(localStorage(root), 60_000);
    const id = crypto.randomUUID();
    await store.create(new Upload({ id, size: 10, offset: 0, metadata: { filename: "voice" } }));
    let offset = await store.write(Readable.from([new Uint8Array([0, 1, 2])]), id, 0);
    assert.equal(offset, 3);
    offset = await store.write(
      Readable.from([new Uint8Array([3, 4]), new Uint8Array([5, 6, 7, 8, 9])]),
      id,
      3,
    );
    assert.equal(offset, 10);
    const upload = await store.getUpload(id);
    assert.equal(upload.offset, 10);
    assert.equal(upload.size, 10);
    assert.equal(upload.metadata?.filename, "voice");
    const bytes = new Uint8Array(await new Response(await store.read(id)).arrayBuffer());
    assert.deepEqual([...bytes], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await store.remove(id);
    assert.equal(await store.exists(id), false);
    assert.deepEqual([...Deno.readDirSync(`${root}/tus`)], []);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("tus store - an id that is not a plain name is not found, never a path", async () => {
  const root = await Deno.makeTempDir({ prefix: "im-tus-store-" });
  try {
    const store = new StorageStore(localStorage(root), 60_000);
    for (const id of ["../jwt-secret", "a/b", "", "x".repeat(101)]) {
      await assert.rejects(store.getUpload(id), (e: { status_code?: number }) => e.status_code === 404);
    }
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("tus store - a second creation of an upload is refused and leaves the first one's parts", async () => {
  const root = await Deno.makeTempDir({ prefix: "im-tus-store-" });
  try {
    const store = new StorageStore(localStorage(root), 60_000);
    const id = crypto.randomUUID();
    await store.create(new Upload({ id, size: 6, offset: 0 }));
    assert.equal(await store.write(Readable.from([new Uint8Array([1, 2, 3])]), id, 0), 3);
    await assert.rejects(
      store.create(new Upload({ id, size: 6, offset: 0 })),
      (e: { status_code?: number }) => e.status_code === 409,
    );
    assert.equal((await store.getUpload(id)).offset, 3, "what the first creation kept is still there");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
