import pg from 'pg';
import { randomBytes } from 'node:crypto';

/**
 * A throwaway database for one test file. With TEST_DATABASE_URL set, a fresh PostgreSQL
 * database is created next to it and dropped afterwards; otherwise an in-memory PGlite.
 */
export async function freshDatabaseUrl(): Promise<{ databaseUrl?: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { databaseUrl: undefined, drop: async () => {} };
  const name = `ly_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
