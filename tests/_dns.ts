// A DNS server for tests (UDP, on 127.0.0.1 and a random port): it answers A and AAAA questions from a
// function the test sets, so a name can change its answer between two lookups (DNS rebinding), and keeps
// the questions it was asked. Deno.resolveDns reaches it with { nameServer: { ipAddr, port } }.
import dgram from "node:dgram";
import { parseIpv4, parseIpv6 } from "../lib/rules/addresses.ts";

export type DnsAnswer = (name: string, type: "A" | "AAAA") => string[];

export interface TestDns {
  port: number;
  /** The questions received, in order, as "A rebind.test". */
  asked: string[];
  /** Sets how names are answered (none at first). */
  answer(fn: DnsAnswer): void;
  /** A resolver for lib/webhooks/transport.ts that asks this server. */
  resolveDns(host: string, type: "A" | "AAAA"): Promise<string[]>;
  close(): Promise<void>;
}

const TYPES: Record<number, "A" | "AAAA"> = { 1: "A", 28: "AAAA" };

function readName(msg: Uint8Array, at: number): { name: string; end: number } {
  const labels: string[] = [];
  while (msg[at] !== 0) {
    labels.push(new TextDecoder().decode(msg.subarray(at + 1, at + 1 + msg[at])));
    at += msg[at] + 1;
  }
  return { name: labels.join(".").toLowerCase(), end: at + 1 };
}

function reply(query: Uint8Array, answer: DnsAnswer, asked: string[]): Uint8Array {
  const view = new DataView(query.buffer, query.byteOffset, query.byteLength);
  const { name, end } = readName(query, 12);
  const qtype = view.getUint16(end);
  const question = query.subarray(12, end + 4);
  const type = TYPES[qtype];
  asked.push(`${type ?? qtype} ${name}`);
  const rdatas = (type ? answer(name, type) : []).map((address) =>
    type === "A"
      ? Uint8Array.from(parseIpv4(address)!)
      : Uint8Array.from(parseIpv6(address)!.flatMap((g) => [g >> 8, g & 255]))
  );
  const out = new Uint8Array(12 + question.length + rdatas.reduce((s, r) => s + 12 + r.length, 0));
  const o = new DataView(out.buffer);
  o.setUint16(0, view.getUint16(0)); // the query's id
  o.setUint16(2, 0x8180); // a response, recursion desired and available, no error
  o.setUint16(4, 1);
  o.setUint16(6, rdatas.length);
  out.set(question, 12);
  let at = 12 + question.length;
  for (const rdata of rdatas) {
    o.setUint16(at, 0xc00c); // the question's name
    o.setUint16(at + 2, qtype);
    o.setUint16(at + 4, 1); // IN
    o.setUint32(at + 6, 0); // TTL 0: never cached
    o.setUint16(at + 10, rdata.length);
    out.set(rdata, at + 12);
    at += 12 + rdata.length;
  }
  return out;
}

/** Starts the server. */
export async function startDns(): Promise<TestDns> {
  const socket = dgram.createSocket("udp4");
  const asked: string[] = [];
  let answer: DnsAnswer = () => [];
  socket.on("message", (msg: Uint8Array, from: { address: string; port: number }) => {
    socket.send(reply(new Uint8Array(msg), answer, asked), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const port = socket.address().port;
  return {
    port,
    asked,
    answer: (fn) => void (answer = fn),
    resolveDns: (host, type) => Deno.resolveDns(host, type, { nameServer: { ipAddr: "127.0.0.1", port } }),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
