// CPU seconds spent by the processes of a benchmark, read from Linux's /proc: on a machine shared with other work the
// wall-clock rates move with the neighbours' load, the CPU a request costs each side much less.
import { readdirSync, readFileSync } from 'node:fs';

const TICK = 100; // USER_HZ

function statFields(pid) {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
}

/** CPU seconds used so far by a process (user + system), 0 when it is gone. */
export function cpuSeconds(pid) {
  try {
    const fields = statFields(pid);
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return 0;
  }
}

/** CPU seconds of this process's children that have exited and were waited for (pgbench run by execFileSync). */
export function waitedChildrenCpuSeconds() {
  const fields = statFields('self');
  return (Number(fields[13]) + Number(fields[14])) / TICK;
}

/**
 * CPU seconds so far of the PostgreSQL backends serving `database` (their command line names it), by pid: other
 * databases on the same server (other test runs) are left out.
 */
export function backendsCpu(database) {
  const byPid = new Map();
  for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${p}/comm`, 'utf8').startsWith('postgres')) continue;
      // "postgres: 15/main: USER DATABASE HOST(PORT) STATE" (the cluster name is optional).
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      const match = /^postgres: (?:\S+: )?\S+ (\S+) (?:\[local\]|\S+\(\d+\))/.exec(cmd);
      if (match?.[1] === database) byPid.set(p, cpuSeconds(p));
    } catch {
      /* gone */
    }
  }
  return byPid;
}

/** What those backends spent since `before`, each process against its own earlier reading (new ones in full). */
export function backendsCpuSince(database, before) {
  let sum = 0;
  for (const [pid, seconds] of backendsCpu(database)) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}
