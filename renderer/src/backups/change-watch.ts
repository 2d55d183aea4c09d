import type { DBCore, DBCoreMutateRequest, DBCoreTable } from 'dexie';
import type { GmDatabase } from '../db/database';

/**
 * Calls `onWrite` after every write to the database made through this connection, whatever
 * store or repository made it: the one place automatic backups learn that something changed.
 * A Dexie middleware is built into a connection when it opens, so this must run before the
 * database is first opened; it returns false (and watches nothing) when it is already open.
 */
export function watchWrites(db: GmDatabase, onWrite: () => void): boolean {
  if (db.isOpen()) return false;
  db.use({
    stack: 'dbcore',
    name: 'gm-screen-backup-change-watch',
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (name: string): DBCoreTable => {
        const table = down.table(name);
        return {
          ...table,
          mutate: async (request: DBCoreMutateRequest) => {
            const result = await table.mutate(request);
            onWrite();
            return result;
          },
        };
      },
    }),
  });
  return true;
}
