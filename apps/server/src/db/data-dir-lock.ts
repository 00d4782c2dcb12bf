import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {}

/**
 * PGlite has no server: two processes opening one data directory corrupt it. Take a lock on the directory and
 * refuse to start while another process holds it. A lock left by a killed process goes stale after 10 s.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  try {
    return await lockfile.lock(dataDir, { stale: 10_000, update: 5_000, realpath: false });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is already in use by another server process. ` +
          'Stop that process first, give this one its own DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
      );
    }
    throw err;
  }
}
