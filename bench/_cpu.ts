// CPU time spent by a process and its descendants, read from /proc (Linux). Per unit of work it is a
// figure that a machine busy with other things disturbs far less than a rate: the benches print both.

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

interface Stat {
  ppid: number;
  /** utime + stime of the process itself, in ticks. */
  own: number;
  /** cutime + cstime: its children that ended and were waited for, in ticks. */
  reaped: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // the command name, in parentheses, may hold spaces: the fields start after its closing one
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const at = (field: number) => Number(fields[field - 3]);
    return { ppid: at(4), own: at(14) + at(15), reaped: at(16) + at(17) };
  } catch {
    return null;
  }
}

function processes(): Map<number, Stat> {
  const all = new Map<number, Stat>();
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const stat = readStat(Number(entry.name));
    if (stat) all.set(Number(entry.name), stat);
  }
  return all;
}

/** CPU milliseconds used so far by the process and all its descendants, living or ended. */
export function treeCpuMs(rootPid: number): number {
  const all = processes();
  const root = all.get(rootPid);
  if (!root) return NaN;
  let ticks = root.own + root.reaped;
  const queue = [rootPid];
  while (queue.length > 0) {
    const parent = queue.pop()!;
    for (const [pid, stat] of all) {
      if (stat.ppid !== parent) continue;
      ticks += stat.own + stat.reaped;
      queue.push(pid);
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The process whose command line has `-p <port>` (a PostgreSQL server of tests/_postgres.ts). */
export function pidOfPort(port: number): number | null {
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const args = Deno.readTextFileSync(`/proc/${entry.name}/cmdline`).split("\0");
      const at = args.indexOf("-p");
      if (at >= 0 && args[at + 1] === String(port) && readStat(Number(entry.name))?.ppid !== undefined) {
        const parent = readStat(Number(entry.name))!.ppid;
        // the postmaster, not one of its backends (which keep its command line on some systems)
        const parentArgs = Deno.readTextFileSync(`/proc/${parent}/cmdline`).split("\0");
        if (parentArgs.includes("-p") && parentArgs[parentArgs.indexOf("-p") + 1] === String(port)) {
          return parent;
        }
        return Number(entry.name);
      }
    } catch { /* ended meanwhile */ }
  }
  return null;
}
