/**
 * The Fleet screen's questions to main: the summary of every run under the opened root
 * (`fleet.summary`, asked again when the root changes), the fleet index's tables (`fleet.tables`)
 * and one read-only SQL statement (`fleet.sql`). Views read these; only stores call the api.
 */
import { useEffect, useState } from 'react';
import type { Result } from '../../shared/diagnostics';
import type { FleetView } from '../../shared/fleet/fleet-summary-types';
import type { FleetSqlAnswer, FleetSqlTables } from '../../shared/fleet/fleet-sql-types';
import { api } from '../api';
import type { Load } from './load';
import { useLibraryStore } from './library-store';
import { useAnswer } from './use-answer';

/** The opened root's fleet summary (null: no folder open), asked again whenever the root changes. */
export function useFleetSummary(): Load<FleetView | null> {
  const root = useLibraryStore((s) => s.snapshot?.root ?? null);
  return useAnswer(() => api['fleet.summary']({}), root);
}

/** The fleet index's tables and columns, once it has them (null until then, or when it cannot say). */
export function useFleetTables(): FleetSqlTables | null {
  const [tables, setTables] = useState<FleetSqlTables | null>(null);
  useEffect(() => {
    let live = true;
    void api['fleet.tables']({}).then((r) => live && r.ok && setTables(r.value));
    return () => {
      live = false;
    };
  }, []);
  return tables;
}

/** One read-only statement over the fleet index, within `budgetMs`. */
export function runFleetSql(sql: string, budgetMs: number): Promise<Result<FleetSqlAnswer>> {
  return api['fleet.sql']({ sql, budgetMs });
}
