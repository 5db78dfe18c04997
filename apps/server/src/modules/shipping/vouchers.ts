import type { Page, Voucher } from '@wallx/shared';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { ShippingDeps } from './deps.js';

type Actor = { id: string; is_validator: boolean };

/** A validator's side of pick-up: vouchers looked up and written off at the points they serve. */
export function createVoucherDesk({ db, events, points, validators, now = Date.now }: ShippingDeps) {
  return {
    /** A voucher as a validator sees it before confirming: only at a point they serve. */
    async voucher(validator: Actor, code: string): Promise<Voucher> {
      if (!validator.is_validator) throw new AppError('no_permission');
      const voucher = await validators.voucher(db, code);
      if (!voucher) throw new AppError('writeoff_code_invalid', { field: 'code' });
      if (!(await validators.isValidatorAt(db, validator.id, voucher.point_id))) throw new AppError('no_permission');
      const { point_id: _pointId, ...shown } = voucher;
      return shown;
    },

    /**
     * Writes a voucher off: the code is used once, by a validator of its point, taking one unit of
     * the point's stock — all in one transaction, or nothing.
     */
    async writeOff(validator: Actor, code: string): Promise<Voucher> {
      if (!validator.is_validator) throw new AppError('no_permission');
      await db.transaction().execute(async (trx) => {
        const voucher = await validators.lockVoucher(trx, code);
        if (!voucher || voucher.status !== 'pending') throw new AppError('writeoff_code_invalid', { field: 'code' });
        if (!(await validators.isValidatorAt(trx, validator.id, voucher.point_id))) throw new AppError('no_permission');
        const point = await points.point(trx, voucher.point_id);
        if (!point?.active) throw new AppError('writeoff_failed');
        if (!(await points.takeInventory(trx, voucher.point_id, voucher.product_id)))
          throw new AppError('insufficient_inventory');
        await validators.writeOff(trx, voucher.id, validator.id, new Date(now()));
        await events.emit(trx, {
          userId: voucher.user_id,
          type: 'shipping',
          payload: { id: voucher.id, status: 'written_off' },
        });
      });
      const { point_id: _pointId, ...shown } = (await validators.voucher(db, code))!;
      return shown;
    },

    async writeoffs(validator: Actor, query: PageQuery): Promise<Page<Voucher>> {
      if (!validator.is_validator) throw new AppError('no_permission');
      const page = await pageById(query, (range) => validators.writeoffs(db, validator.id, range));
      return { next_cursor: page.next_cursor, items: page.items.map(({ id: _id, ...voucher }) => voucher) };
    },
  };
}
