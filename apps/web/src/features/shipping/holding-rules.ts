import type { Holding, ShippingRequest } from '@wallx/shared';

/** Whether a held product can be picked up now: open, from a later date, or with no date set yet. */
export type PickupAvailability = { kind: 'open' } | { kind: 'later'; from: string } | { kind: 'unscheduled' };

export function pickupAvailability(holding: Pick<Holding, 'pickup_from'>, now: number): PickupAvailability {
  if (holding.pickup_from === null) return { kind: 'unscheduled' };
  return Date.parse(holding.pickup_from) <= now ? { kind: 'open' } : { kind: 'later', from: holding.pickup_from };
}

/** The holding as a request names it: by its order or by its miner. */
export function holdingRef(holding: Pick<Holding, 'kind' | 'id'>): { order_id: string } | { miner_id: string } {
  return holding.kind === 'order' ? { order_id: holding.id } : { miner_id: holding.id };
}

/** A pick-up voucher still to be collected: its holder's screen follows it. */
export function isPendingVoucher(request: Pick<ShippingRequest, 'kind' | 'status'>): boolean {
  return request.kind === 'pickup' && request.status === 'pending';
}
