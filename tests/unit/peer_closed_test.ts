// A write on a connection the database server already closed (a restart, a failover) is logged, not the end of
// the process; any other unhandled rejection is left as it was (db/client.ts survivePeerClosedWrites).
import assert from "node:assert/strict";
import { survivePeerClosedWrites } from "../../db/client.ts";

Deno.test("database client - a write after the server closed the connection does not end the process", async () => {
  survivePeerClosedWrites();
  survivePeerClosedWrites(); // once per process, however many pools open
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
    assert.match(String(logged[0].join(" ")), /after the server closed the connection/);
    for (
      const other of [new Error("something else"), new TypeError("x is undefined"), "a string", undefined]
    ) {
      assert.equal(event(other), false, `left as it was: ${String(other)}`);
    }
    assert.equal(logged.length, 1);
    // and for real: such a rejection nobody handles leaves the test process running
    Promise.reject(new Error("This socket has been ended by the other party"));
    await new Promise((r) => setTimeout(r, 10));
    assert.equal(logged.length, 2);
  } finally {
    console.error = error;
  }
});
