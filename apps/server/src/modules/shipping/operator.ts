import {
  countries,
  type Country,
  type OperatorPickupPoint,
  type OperatorPointsQuery,
  type OperatorShippingRequest,
  type OperatorValidator,
  type Page,
  type PickupPointInput,
  type ShippingRequest,
} from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import { refuseOwnAccount } from '../../kernel/audit/own-account.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { UserEvents } from '../../kernel/user-events/user-events.js';
import { isProvinceOf } from './regions.js';
import type { RequestRepository } from './request-repository.js';
import type { PointRepository } from './point-repository.js';
import type { ValidatorRepository } from './validator-repository.js';

type Deps = {
  events: UserEvents;
  db: Db;
  requests: RequestRepository;
  points: PointRepository;
  validators: ValidatorRepository;
  now?: () => number;
};

export function createShippingOperations({ db, events, requests, points, validators, now = Date.now }: Deps) {
  function checkRegion(input: PickupPointInput) {
    if (!isProvinceOf(input.country, input.province)) throw new AppError('invalid_params', { field: 'province' });
  }

  return {
    /** A page of points; a province names its country ('CN-GD'), and must be one of it. */
    points(query: OperatorPointsQuery): Promise<Page<OperatorPickupPoint>> {
      const province = query.province ?? null;
      const country = query.country ?? (province ? province.split('-')[0]! : null);
      if (
        province !== null &&
        !((countries as readonly string[]).includes(country!) && isProvinceOf(country as Country, province))
      ) {
        throw new AppError('invalid_params', { field: 'province' });
      }
      return pageById(query, (range) => points.pointsPage(db, { country, province }, range));
    },

    validators: (query: PageQuery): Promise<Page<OperatorValidator>> =>
      pageById(query, (range) => validators.validatorsPage(db, range)),

    async createPoint(operator: string, input: PickupPointInput) {
      checkRegion(input);
      return db.transaction().execute(async (trx) => {
        const point = await points.insertPoint(trx, input);
        await recordAudit(trx, {
          operator,
          action: 'pickup_point.create',
          subjectType: 'pickup_point',
          subjectId: point.id,
          after: point,
        });
        return point;
      });
    },

    async updatePoint(operator: string, id: string, input: PickupPointInput) {
      checkRegion(input);
      return db.transaction().execute(async (trx) => {
        const before = await points.point(trx, id);
        if (!before) throw new AppError('not_found', { field: 'id' });
        const after = await points.updatePoint(trx, id, input);
        await recordAudit(trx, {
          operator,
          action: 'pickup_point.update',
          subjectType: 'pickup_point',
          subjectId: id,
          before,
          after,
        });
        return after;
      });
    },

    async setInventory(operator: string, pointId: string, input: { product_id: string; quantity: number }) {
      return db.transaction().execute(async (trx) => {
        if (!(await points.point(trx, pointId))) throw new AppError('not_found', { field: 'id' });
        if (!(await points.isPhysicalProduct(trx, input.product_id)))
          throw new AppError('product_info_not_found', { field: 'product_id' });
        const before = await points.setInventory(trx, pointId, input.product_id, input.quantity);
        await recordAudit(trx, {
          operator,
          action: 'pickup_inventory.set',
          subjectType: 'pickup_point',
          subjectId: pointId,
          before: { product_id: input.product_id, quantity: before },
          after: input,
        });
        return { point_id: pointId, ...input };
      });
    },

    /** Makes a user the validator of exactly these points; none: no longer a validator. */
    async setValidator(operator: string, address: string, pointIds: string[]) {
      return db.transaction().execute(async (trx) => {
        const userId = await validators.userIdByAddress(trx, address);
        if (!userId) throw new AppError('invalid_wallet_account', { field: 'address' });
        await refuseOwnAccount(trx, operator, address, 'address');
        for (const pointId of pointIds)
          if (!(await points.point(trx, pointId))) throw new AppError('not_found', { field: 'point_ids' });
        const before = await validators.validatorPoints(trx, userId);
        await validators.setValidatorPoints(trx, userId, [...new Set(pointIds)]);
        const after = await validators.validatorPoints(trx, userId);
        await recordAudit(trx, {
          operator,
          action: 'validator.set',
          subjectType: 'user',
          subjectId: userId,
          before,
          after,
        });
        return { address, ...after };
      });
    },

    requests(
      query: PageQuery & { kind?: 'delivery' | 'pickup' | undefined; status?: ShippingRequest['status'] | undefined },
    ): Promise<Page<OperatorShippingRequest>> {
      return pageById(query, (range) => requests.allRequests(db, { kind: query.kind, status: query.status }, range));
    },

    /** to_ship → shipped, with the carrier and tracking number the user then sees. */
    async ship(
      operator: string,
      id: string,
      input: { carrier: string; tracking_no: string },
    ): Promise<OperatorShippingRequest> {
      return db.transaction().execute(async (trx) => {
        const before = await requests.operatorRequest(trx, id);
        if (!before || before.kind !== 'delivery') throw new AppError('not_found', { field: 'id' });
        await refuseOwnAccount(trx, operator, before.user, 'id');
        if (!(await requests.markShipped(trx, id, input.carrier, input.tracking_no, new Date(now()))))
          throw new AppError('order_status_error');
        const after = (await requests.operatorRequest(trx, id))!;
        await events.emit(trx, {
          userId: { address: after.user },
          type: 'shipping',
          payload: { id, status: after.status },
        });
        await recordAudit(trx, {
          operator,
          action: 'shipping.ship',
          subjectType: 'shipping_request',
          subjectId: id,
          before: { status: before.status },
          after: { status: after.status, ...input },
        });
        return after;
      });
    },
  };
}
export type ShippingOperations = ReturnType<typeof createShippingOperations>;
