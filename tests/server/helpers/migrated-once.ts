import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/platform/db/client';
import { adminQuery, databaseUrl } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (`dumpDataDir`), which every suite's database starts from. */
    pgliteSnapshot: string;
    /** The same migrated PGlite data directory on disk, for a server process to start from a copy of. */
    pgliteDataDir: string;
    /** A migrated PostgreSQL database that every suite's scratch database is copied from; '' without PostgreSQL. */
    postgresTemplate: string;
  }
}

/**
 * Vitest's global setup: migrate once per run and let every suite copy the result. Migrating (and installing
 * pg-boss) took seconds per database open, about ninety times a run; a copy takes a fraction of that.
 */
export default async function migrateOnce(project: TestProject): Promise<() => Promise<void>> {
  const scratch = mkdtempSync(join(tmpdir(), 'club-snapshot-'));
  const [snapshot, template] = await Promise.all([pgliteSnapshot(scratch), postgresTemplate()]);
  project.provide('pgliteSnapshot', snapshot);
  project.provide('pgliteDataDir', join(scratch, 'data'));
  project.provide('postgresTemplate', template?.name ?? '');
  return async () => {
    rmSync(scratch, { recursive: true, force: true });
    await template?.drop();
  };
}

async function pgliteSnapshot(scratch: string): Promise<string> {
  const dataDir = join(scratch, 'data');
  await (await openDatabase({ dataDir })).close();
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(dataDir);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(scratch, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

async function postgresTemplate() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `club_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const drop = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  try {
    await (await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: '' })).close();
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}
