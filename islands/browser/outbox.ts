/// <reference lib="dom" />
// The messages a listener pressed Send on and the server has not acknowledged yet, kept in the browser
// (IndexedDB: a recording is a Blob, too large for local storage) until the participation is stored. A
// drop of any length, a closed tab or a reloaded page then loses nothing: the widget opened again on the
// same site finds the message here and finishes sending it. A one-line index in local storage says which
// interactions have one, so a widget's first screen knows without opening the database.
import { STORAGE_KEYS } from "../../lib/rules/widget.ts";
import type { SendOrigin } from "./participation_client.ts";

/** A message waiting to be sent: what was given, and how far its sending went. */
export interface Outgoing {
  /** The Idempotency-Key of its final request, drawn at Send (also its tus fingerprint). */
  key: string;
  segment: number;
  origin: SendOrigin;
  file: { blob: Blob; extension: string; kind: "audio" | "video" | "image"; name: string };
  updateId: number | null;
  /** The upload slot, once opened. */
  slot: { data_id: string; url: string } | null;
  savedAt: number;
}

const DB = "im-outbox";
const STORE = "messages";

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "key" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = act(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

function index(): number[] {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEYS.outbox) ?? "[]");
  } catch {
    return [];
  }
}

function setIndex(segments: number[]) {
  try {
    if (segments.length) localStorage.setItem(STORAGE_KEYS.outbox, JSON.stringify(segments));
    else localStorage.removeItem(STORAGE_KEYS.outbox);
  } catch { /* private mode: the database alone */ }
}

/** Keeps a message (or its progress); false when the browser keeps nothing (private mode, full disk). */
export async function keepOutgoing(message: Outgoing): Promise<boolean> {
  try {
    await run("readwrite", (s) => s.put(message));
    setIndex([...new Set([...index(), message.segment])]);
    return true;
  } catch {
    return false;
  }
}

/** Forgets a message: sent, or discarded by the listener. */
export async function forgetOutgoing(message: Pick<Outgoing, "key" | "segment">): Promise<void> {
  await run("readwrite", (s) => s.delete(message.key)).catch(() => {});
  const left = await allOutgoing();
  setIndex([...new Set(left.map((m) => m.segment))]);
}

/** Every message waiting, oldest first. */
export async function allOutgoing(): Promise<Outgoing[]> {
  try {
    const all = await run("readonly", (s) => s.getAll() as IDBRequest<Outgoing[]>);
    return all.sort((a, b) => a.savedAt - b.savedAt);
  } catch {
    return [];
  }
}

/** The message waiting for one of these interactions, if any. */
export async function outgoingFor(segments: number[]): Promise<Outgoing | null> {
  return (await allOutgoing()).find((m) => segments.includes(m.segment)) ?? null;
}
