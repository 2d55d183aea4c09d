import type { ReferenceTable, SystemId } from './contract';
import { electricStateTables } from './electric-state/tables';
import { hardwareTables } from './hardware/tables';
import { shadowrunTables } from './shadowrun-4e/tables';
import { uesrpgTables } from './uesrpg-3e/tables';

/**
 * Every system's reference tables, without the conformance operations (and their zod schemas)
 * that `./index.ts` also carries: what the quick reference and the roll panel load.
 */
export const systemTables: Readonly<Record<SystemId, readonly ReferenceTable[]>> = {
  'electric-state': electricStateTables,
  'uesrpg-3e': uesrpgTables,
  'shadowrun-4e': shadowrunTables,
  hardware: hardwareTables,
};
