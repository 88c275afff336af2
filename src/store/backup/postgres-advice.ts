/**
 * With DATABASE_URL the database is PostgreSQL's, and PostgreSQL's own tools back it up better
 * than this service could (consistent online dumps, parallel restore, point-in-time recovery):
 * `backup` and `restore` print the commands for the configured database instead. The password is
 * never printed: pg_dump reads it from PGPASSWORD or ~/.pgpass.
 */
export function postgresAdvice(command: 'backup' | 'restore', databaseUrl: string, file: string): string {
  const url = new URL(databaseUrl);
  const connection = [
    `--host=${shellWord(decodeURIComponent(url.hostname.replace(/^\[|\]$/g, '')) || 'localhost')}`,
    `--port=${url.port || '5432'}`,
    ...(url.username ? [`--username=${shellWord(decodeURIComponent(url.username))}`] : []),
    `--dbname=${shellWord(decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) || 'postgres')}`,
  ].join(' ');
  const sslmode = url.searchParams.get('sslmode');
  const env = sslmode ? `PGSSLMODE=${shellWord(sslmode)} ` : '';
  const password = url.password
    ? 'The password is the one in DATABASE_URL (not shown here): give it through PGPASSWORD or ~/.pgpass, or type it when asked.'
    : 'DATABASE_URL has no password: the server lets this user in without one, or ~/.pgpass holds it.';
  const lines =
    command === 'backup'
      ? [
          'DATABASE_URL is set: the database is PostgreSQL. Back it up with pg_dump (the same major version as the server, or newer), e.g.:',
          '',
          `  ${env}pg_dump --format=custom --no-owner ${connection} --file=${shellWord(file)}`,
          '',
          'It takes a consistent snapshot while the nodes keep serving. Pictures in an S3 bucket are backed up with the provider\'s tools.',
        ]
      : [
          'DATABASE_URL is set: the database is PostgreSQL. Stop every node, then restore a pg_dump archive with pg_restore, e.g.:',
          '',
          `  ${env}pg_restore --clean --if-exists --no-owner --exit-on-error ${connection} ${shellWord(file)}`,
          '',
          'Then start the nodes: each applies the migrations the backup predates (npm run migrate does it once beforehand).',
        ];
  return [...lines, password, 'See README, "Backups and upgrades".'].join('\n');
}

/** A word the shell takes as it is: quoted unless it is plainly safe. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
