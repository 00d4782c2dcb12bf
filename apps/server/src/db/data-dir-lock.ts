import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

export class DataDirLockedError extends Error {}

/**
 * PGlite has no server: two processes opening one data directory corrupt it. The directory `<dataDir>.lock` holds
 * numbered owner files (`owner-7.json`); the highest number is the owner: its PID, the process's start time (from
 * `/proc/<pid>/stat`), the boot it ran in and the host. A starting process takes the next number, which only one
 * process can create (a hard link fails when the name exists), once the highest owner is dead: its process is gone,
 * is a zombie, has another start time (the PID was reused) or ran before a reboot. A live owner is never stale,
 * however long its event loop stalls; a lock written on another host cannot be checked here and is refused.
 * Decision 036 gives the reasons.
 */
const OwnerSchema = z.object({
  pid: z.number().int().positive(),
  startTime: z.string().nullable(),
  bootId: z.string().nullable(),
  hostname: z.string(),
  since: z.string(),
  released: z.boolean().optional(),
});
export type LockOwner = z.infer<typeof OwnerSchema>;

const OWNER_FILE = /^owner-(\d+)\.json$/;
const ownerFile = (n: number) => `owner-${n}.json`;

export interface LockOptions {
  /** Called once when the lock is found removed or taken while held; by default the process says so and exits. */
  onLost?: (err: Error) => void;
  /** How often the holder checks that its owner file is still the lock (ms). */
  checkEveryMs?: number;
}

export async function lockDataDir(dataDir: string, opts: LockOptions = {}): Promise<() => Promise<void>> {
  const lockDir = `${dataDir}.lock`;
  await mkdir(lockDir, { recursive: true });
  const me: LockOwner = { ...thisProcess(), since: new Date().toISOString() };
  const mine = await acquire(dataDir, lockDir, me);
  let released = false;

  const onLost =
    opts.onLost ??
    ((err: Error) => {
      console.error(`\n  Stopping at once: ${err.message}\n`);
      process.exit(1);
    });
  const watchdog = setInterval(() => {
    void stillOwner(lockDir, mine).then((ok) => {
      if (ok || released) return;
      clearInterval(watchdog);
      onLost(
        new Error(
          `the lock on the embedded database in ${dataDir} (${join(lockDir, ownerFile(mine))}) was removed or ` +
            'taken while this server held it. It stops so that the directory never has two writers; make sure ' +
            'no other server process uses the directory before starting again.',
        ),
      );
    });
  }, opts.checkEveryMs ?? 5_000);
  watchdog.unref();

  return async () => {
    if (released) return;
    released = true;
    clearInterval(watchdog);
    if (!(await stillOwner(lockDir, mine))) return; // lost: the file under our number is not ours to mark
    // A tombstone, not a deletion: numbers are never reused, so a process that judged an older owner dead cannot
    // create a number that a later owner already held (see acquire).
    await writeAtomically(lockDir, { ...me, released: true }, (tmp) =>
      rename(tmp, join(lockDir, ownerFile(mine))),
    );
  };
}

async function acquire(dataDir: string, lockDir: string, me: LockOwner): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const top = (await ownerNumbers(lockDir)).at(-1);
    if (top !== undefined) refuseUnlessFree(dataDir, lockDir, top, await readOwner(lockDir, top));
    const n = (top ?? 0) + 1;
    const created = await writeAtomically(lockDir, me, (tmp) =>
      link(tmp, join(lockDir, ownerFile(n))).then(
        () => true,
        (err: NodeJS.ErrnoException) => {
          if (err.code === 'EEXIST') return false; // another process took n first: look again
          throw err;
        },
      ),
    );
    if (!created) continue;
    // The number may have been free because a later owner's clean-up removed it: then a higher number exists and
    // that one is the lock. Step back and look again.
    const numbers = await ownerNumbers(lockDir);
    if (numbers.at(-1) !== n) {
      await unlink(join(lockDir, ownerFile(n))).catch(() => undefined);
      continue;
    }
    for (const old of numbers.filter((k) => k < n))
      await unlink(join(lockDir, ownerFile(old))).catch(() => undefined);
    await removeLeftovers(lockDir);
    return n;
  }
  throw new DataDirLockedError(
    `The embedded database in ${dataDir} is being taken by other server processes starting at the same time.`,
  );
}

function refuseUnlessFree(dataDir: string, lockDir: string, n: number, owner: LockOwner | null): void {
  const path = join(lockDir, ownerFile(n));
  if (!owner) {
    throw new DataDirLockedError(
      `The lock on the embedded database in ${dataDir} cannot be read (${path}). If no server process uses ` +
        `the directory, delete ${lockDir} and start again.`,
    );
  }
  const state = ownerState(owner);
  if (state === 'alive') {
    throw new DataDirLockedError(
      `The embedded database in ${dataDir} is already in use by another server process (PID ${owner.pid}, ` +
        `since ${owner.since}). Stop that process first, give this one its own DATA_DIR, or set DATABASE_URL ` +
        'to share a PostgreSQL server.',
    );
  }
  if (state === 'foreign') {
    throw new DataDirLockedError(
      `The embedded database in ${dataDir} is locked by a server process on another machine ` +
        `(${owner.hostname}, PID ${owner.pid}, since ${owner.since}), which this machine cannot check. If no ` +
        `server runs there on this directory (it was copied or moved here), delete ${lockDir} and start again.`,
    );
  }
}

/** Whether the owner recorded in a lock file still runs, as far as this machine can tell. */
export function ownerState(owner: LockOwner): 'free' | 'alive' | 'foreign' {
  if (owner.released) return 'free';
  const here = thisProcess();
  if (owner.hostname !== here.hostname) return 'foreign';
  if (owner.bootId && here.bootId && owner.bootId !== here.bootId) return 'free'; // it ran before a reboot
  const stat = procStat(owner.pid);
  if (stat === undefined) return signalReaches(owner.pid) ? 'alive' : 'free'; // no /proc (macOS): PID only
  if (stat === null || stat.state === 'Z' || stat.state === 'X') return 'free';
  if (owner.startTime !== null && stat.startTime !== owner.startTime) return 'free'; // the PID was reused
  return 'alive';
}

function thisProcess(): Omit<LockOwner, 'since'> {
  return {
    pid: process.pid,
    startTime: procStat(process.pid)?.startTime ?? null,
    bootId: readText('/proc/sys/kernel/random/boot_id'),
    hostname: hostname(),
  };
}

/** A process's state letter and start time (clock ticks after boot); null when there is no such process,
 * undefined when the system has no /proc. */
function procStat(pid: number): { state: string; startTime: string } | null | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  const text = readText(`/proc/${pid}/stat`);
  if (text === null) return null;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so count fields from its closing one.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, startTime] = [fields[0], fields[19]];
  return state && startTime ? { state, startTime } : null;
}

function signalReaches(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

async function ownerNumbers(lockDir: string): Promise<number[]> {
  return (await readdir(lockDir))
    .map((name) => OWNER_FILE.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

async function readOwner(lockDir: string, n: number): Promise<LockOwner | null> {
  try {
    return OwnerSchema.parse(JSON.parse(await readFile(join(lockDir, ownerFile(n)), 'utf8')));
  } catch {
    return null;
  }
}

async function stillOwner(lockDir: string, n: number): Promise<boolean> {
  try {
    return (await ownerNumbers(lockDir)).at(-1) === n;
  } catch (err) {
    // A removed lock directory is a lost lock; another failure (out of file handles) is asked again next time.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** Temporary files of processes killed while writing one (any other process's may be about to be linked). */
async function removeLeftovers(lockDir: string): Promise<void> {
  for (const name of await readdir(lockDir)) {
    const pid = Number(/^tmp-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !signalReaches(pid))
      await unlink(join(lockDir, name)).catch(() => undefined);
  }
}

/** Writes the record to a temporary file (flushed), then hands it to `place`: a reader never sees half a record. */
async function writeAtomically<T>(lockDir: string, owner: LockOwner, place: (tmp: string) => Promise<T>) {
  const tmp = join(lockDir, `tmp-${process.pid}-${randomBytes(4).toString('hex')}.json`);
  const file = await open(tmp, 'wx');
  try {
    await file.writeFile(JSON.stringify(owner));
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    return await place(tmp);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}
