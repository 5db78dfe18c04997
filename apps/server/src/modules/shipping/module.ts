import type { ModuleContext, RouteRegistration } from '../../kernel/module-context.js';
import { createShippingOperations } from './operator.js';
import { shippingOperatorRoutes } from './operator-routes.js';
import { createAddressRepository } from './address-repository.js';
import { createPointRepository } from './point-repository.js';
import { regions } from './regions.js';
import { createRequestRepository } from './request-repository.js';
import { shippingRoutes } from './routes.js';
import { createShippingService } from './service.js';
import { createValidatorRepository } from './validator-repository.js';

/** What other modules may ask of shipping (app/ports.ts hands them on). */
export type ShippingPorts = {
  /** The user's region: the default address's country and province. */
  region(userId: string): Promise<{ country: string; province: string } | null>;
  /** The names of the pick-up points a user validates at. */
  validatorPoints(userId: string): Promise<{ id: string; name: string }[]>;
  /** A country ('CN') or a province ('CN-GD') an address may be in. */
  isRegion(code: string): boolean;
};

/** Delivery addresses, shipping requests, pick-up points and validators, for users and the console. */
export function shippingModule(ctx: ModuleContext): ShippingPorts & {
  routes: RouteRegistration;
  operatorRoutes: RouteRegistration;
} {
  const { db, events, fundPasswords, guards, limits, requireOperator, clock } = ctx;
  const addresses = createAddressRepository();
  const requests = createRequestRepository();
  const points = createPointRepository();
  const validators = createValidatorRepository();
  return {
    async region(userId) {
      const home = await addresses.defaultAddress(db, userId);
      return home ? { country: home.country, province: home.province } : null;
    },
    async validatorPoints(userId) {
      const { point_ids } = await validators.validatorPoints(db, userId);
      return points.pointNames(db, point_ids);
    },
    isRegion: (code) =>
      regions.some(
        ({ country, provinces }) => country === code || provinces.some((province) => province.code === code),
      ),
    routes: (api) =>
      shippingRoutes(api, {
        shipping: createShippingService({
          db,
          events,
          addresses,
          requests,
          points,
          validators,
          fundPasswords,
          ...clock,
        }),
        guards,
        limits,
      }),
    operatorRoutes: (api) =>
      shippingOperatorRoutes(api, {
        operations: createShippingOperations({ db, events, requests, points, validators, ...clock }),
        requireOperator,
      }),
  };
}
