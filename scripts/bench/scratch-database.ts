import pg from 'pg';

/**
 * A database of its own on the PostgreSQL server of `serverUrl` for one bench run (made anew, its
 * name from `prefix` and the process), and how to drop it after.
 */
export async function scratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
