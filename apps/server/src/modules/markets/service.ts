import type { MarketConfig } from '@wallx/shared';
import { createC2cMarket } from './c2c.js';
import { createMarketExpiry } from './expiry.js';
import { createMtradeMarket } from './mtrade.js';
import { createOrderFlow, type MarketsDeps } from './order-flow.js';

/** Both markets, one use case a file: machine trade (mtrade.ts), C2C (c2c.ts) and the expiry sweeper (expiry.ts). */
export function createMarketsService(deps: MarketsDeps) {
  const { db, fees } = deps;
  const flow = createOrderFlow(deps);
  return {
    async config(): Promise<MarketConfig> {
      const rates = await fees.marketFees(db);
      return { mtrade_fee_rate: rates.mtradeFeeRate, c2c_fee_rate: rates.c2cFeeRate };
    },
    ...createMtradeMarket(deps, flow),
    ...createC2cMarket(deps, flow),
    ...createMarketExpiry(deps, flow),
  };
}
export type MarketsService = ReturnType<typeof createMarketsService>;
