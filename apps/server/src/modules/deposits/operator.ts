import type {
  OperatorDeposit,
  OperatorDepositQuery,
  OperatorDepositReport,
  OperatorDepositReportQuery,
  Page,
} from '@wallx/shared';
import type { Db } from '../../platform/db/database.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../platform/pagination/cursor.js';
import { pageById, toPage } from '../../platform/pagination/page.js';
import type { DepositOperatorRepository, ReportPosition } from './operator-repository.js';

type Deps = { db: Db; repository: DepositOperatorRepository };

const isReportValue = (v: string) => /^\d{1,20}\|0x[0-9a-f]{64}$/.test(v);

/** Deposits as the console sees them: the credited ones, and what users reported with what the chain said. */
export function createDepositOperations({ db, repository }: Deps) {
  return {
    deposits(query: OperatorDepositQuery): Promise<Page<OperatorDeposit>> {
      return pageById(query, async (range) =>
        (await repository.deposits(db, { asset: query.asset, user: query.user }, range)).map((d) => ({
          ...d,
          credited_at: d.credited_at.toISOString(),
        })),
      );
    },

    async depositReports(query: OperatorDepositReportQuery): Promise<Page<OperatorDepositReport>> {
      const cursor = decodeKeysetCursor(query.cursor, isReportValue);
      const after: ReportPosition | null = cursor
        ? { reportedUs: cursor.v.split('|')[0]!, txHash: cursor.v.split('|')[1]!, userId: cursor.id }
        : null;
      const rows = await repository.depositReports(db, { status: query.status }, after, query.limit);
      const items = rows.map(({ user_id: _userId, reported_us: _us, ...r }) => ({
        ...r,
        reported_at: r.reported_at.toISOString(),
        checked_at: r.checked_at.toISOString(),
      }));
      const page = toPage(rows, query.limit, (last) =>
        encodeKeysetCursor({ v: `${last.reported_us}|${last.tx_hash}`, id: last.user_id }),
      );
      return { items, next_cursor: page.next_cursor };
    },
  };
}
export type DepositOperations = ReturnType<typeof createDepositOperations>;
