import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, type LockOwner } from './data-dir-lock.js';

// The lock's judgement of a recorded owner, on lock files written by hand: what a killed process, a reused PID, a
// reboot or a copy from another machine leaves. The real processes (a stalled owner, kill -9 and restart) are in
// src/restart.test.ts and src/crash.test.ts.

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dataDir(): string {
  const parent = mkdtempSync(join(tmpdir(), 'courier-lock-'));
  dirs.push(parent);
  return join(parent, 'pglite');
}

const self = readFileSync('/proc/self/stat', 'utf8');
const here: LockOwner = {
  pid: process.pid,
  startTime: self.slice(self.lastIndexOf(')') + 2).split(' ')[19] ?? null,
  bootId: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
  hostname: hostname(),
  since: new Date().toISOString(),
};

function leaveOwner(dir: string, owner: Partial<LockOwner> | string, n = 1): void {
  mkdirSync(`${dir}.lock`, { recursive: true });
  const text = typeof owner === 'string' ? owner : JSON.stringify({ ...here, ...owner });
  writeFileSync(join(`${dir}.lock`, `owner-${n}.json`), text);
}

/** The PID of a process that has exited (and been reaped). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

describe('the data directory lock', () => {
  it('takes a lock whose process is gone at once, and leaves one owner file', async () => {
    const dir = dataDir();
    leaveOwner(dir, { pid: await deadPid() });
    const release = await lockDataDir(dir);
    expect(readdirSync(`${dir}.lock`)).toEqual(['owner-2.json']);
    await release();
  });

  it('takes a lock whose PID now belongs to a process started at another time (the PID was reused)', async () => {
    const dir = dataDir();
    leaveOwner(dir, { startTime: '1' });
    await (
      await lockDataDir(dir)
    )();
  });

  it('takes a lock written before the machine rebooted', async () => {
    const dir = dataDir();
    leaveOwner(dir, { bootId: '00000000-0000-0000-0000-000000000000' });
    await (
      await lockDataDir(dir)
    )();
  });

  it('refuses while the recorded process lives, however old the lock file is', async () => {
    const dir = dataDir();
    leaveOwner(dir, { since: '2020-01-01T00:00:00.000Z' });
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(
      `already in use by another server process (PID ${process.pid}`,
    );
  });

  it('refuses a lock written on another machine, saying how to clear it', async () => {
    const dir = dataDir();
    leaveOwner(dir, { hostname: 'elsewhere.example', pid: await deadPid() });
    await expect(lockDataDir(dir)).rejects.toThrow(/another machine \(elsewhere\.example, PID \d+/);
    await expect(lockDataDir(dir)).rejects.toThrow(`delete ${dir}.lock and start again`);
  });

  it('refuses a lock file it cannot read', async () => {
    const dir = dataDir();
    leaveOwner(dir, '{"pid":');
    await expect(lockDataDir(dir)).rejects.toThrow(/cannot be read/);
  });

  it('marks a released lock so the next holder takes the next number', async () => {
    const dir = dataDir();
    await (
      await lockDataDir(dir)
    )();
    const tombstone = JSON.parse(readFileSync(join(`${dir}.lock`, 'owner-1.json'), 'utf8')) as LockOwner;
    expect(tombstone).toMatchObject({ pid: process.pid, released: true });
    const release = await lockDataDir(dir);
    expect(readdirSync(`${dir}.lock`)).toEqual(['owner-2.json']);
    await release();
  });

  it('lets exactly one of many simultaneous starters take a dead owner’s lock', async () => {
    const dir = dataDir();
    leaveOwner(dir, { pid: await deadPid() }, 41);
    const tries = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dir)));
    const won = tries.filter((t) => t.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const t of tries) if (t.status === 'rejected') expect(t.reason).toBeInstanceOf(DataDirLockedError);
    expect(readdirSync(`${dir}.lock`).filter((f) => f.startsWith('owner-'))).toEqual(['owner-42.json']);
    await (won[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });

  it('tells the holder, with a clear message, when its lock is removed under it', async () => {
    const dir = dataDir();
    let lost: Error | undefined;
    const release = await lockDataDir(dir, { onLost: (err) => (lost = err), checkEveryMs: 20 });
    rmSync(`${dir}.lock`, { recursive: true, force: true });
    await expect.poll(() => lost?.message, { timeout: 2_000 }).toMatch(/was removed or taken while this/);
    expect(lost?.message).toContain('never has two writers');
    await release();
  });
});
