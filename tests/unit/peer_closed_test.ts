// A write on a connection the database server already closed (a restart, a failover), a read or write it
// reset, or a reconnection it refused while down, is logged, not the end of the process; any other unhandled rejection is left as it was
// (db/client.ts surviveClosedConnections).
import assert from "node:assert/strict";
import { isPeerGone, surviveClosedConnections } from "../../db/client.ts";

/** The error the runtime's socket gives for a failed system call, as `node:net` builds it. */
function socketError(code: string, syscall: string) {
  return Object.assign(new Error(`${syscall} ${code}`), { code, syscall, errno: -104 });
}

Deno.test("database client - which errors mean the server went away", () => {
  assert.equal(isPeerGone(new Error("This socket has been ended by the other party")), true);
  assert.equal(isPeerGone(socketError("ECONNRESET", "read")), true);
  assert.equal(isPeerGone(socketError("EPIPE", "write")), true);
  assert.equal(isPeerGone(socketError("ECONNREFUSED", "connect")), true, "a reconnection while it is down");
  assert.equal(isPeerGone(socketError("ENOENT", "open")), false);
  assert.equal(isPeerGone(socketError("ECONNREFUSED", "read")), false);
  assert.equal(isPeerGone(Object.assign(new Error("x"), { code: "ECONNRESET" })), false, "no system call");
  assert.equal(isPeerGone(new Error("read ECONNRESET")), false, "the message alone is not the error");
  for (const other of [null, undefined, "read ECONNRESET", 42, {}]) assert.equal(isPeerGone(other), false);
});

Deno.test("database client - a write after the server closed the connection does not end the process", async () => {
  surviveClosedConnections();
  surviveClosedConnections(); // once per process, however many pools open
  const logged: unknown[][] = [];
  const error = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const event = (reason: unknown) => {
      const promise = Promise.reject(reason);
      promise.catch(() => {}); // this test dispatches the event itself
      const e = new PromiseRejectionEvent("unhandledrejection", { promise, reason, cancelable: true });
      globalThis.dispatchEvent(e);
      return e.defaultPrevented;
    };
    assert.equal(event(new Error("This socket has been ended by the other party")), true);
    assert.equal(logged.length, 1, "logged once");
    assert.match(String(logged[0].join(" ")), /the database server went away/);
    assert.equal(event(socketError("ECONNRESET", "read")), true, "a reset read");
    assert.equal(logged.length, 2);
    for (
      const other of [new Error("something else"), new TypeError("x is undefined"), "a string", undefined]
    ) {
      assert.equal(event(other), false, `left as it was: ${String(other)}`);
    }
    assert.equal(logged.length, 2);
    // and for real: such a rejection nobody handles leaves the test process running
    Promise.reject(new Error("This socket has been ended by the other party"));
    Promise.reject(socketError("ECONNRESET", "read"));
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(logged.length, 4);
  } finally {
    console.error = error;
  }
});
