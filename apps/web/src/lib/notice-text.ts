import type { TFunction } from 'i18next';
import { formatNumber, shortAddress, type UserEvent, type UserEventType } from '@wallx/shared';

type Payload<T extends UserEventType> = Extract<UserEvent, { type: T }>['payload'];

/** Amounts as the chain keeps them, every digit (a notice states what moved, not a rounded figure). */
const amount = (value: string | null) => (value === null ? '' : formatNumber(value, 18));

function orderText(t: TFunction, p: Payload<'order'>): string {
  if (p.status === 'cancelled' && p.reason !== null) return t('notices.order.by_operator', { reason: p.reason });
  const values = { miner_no: p.miner_no ?? '', amount: amount(p.amount), asset: p.asset ?? '' };
  return t(`notices.order.${p.status}_${p.market}`, values);
}

const phrases: { [T in UserEventType]: (t: TFunction, payload: Payload<T>) => string } = {
  balance: (t, p) =>
    p.credit
      ? t(p.credit.from ? 'notices.received_from' : 'notices.received', {
          amount: amount(p.credit.amount),
          asset: p.asset,
          from: p.credit.from ? shortAddress(p.credit.from) : '',
        })
      : `${p.asset} ${formatNumber(p.balance, 18)}`,
  deposit: (t, p) => t(`notices.deposit.${p.status}`, { amount: amount(p.amount), asset: p.asset }),
  withdrawal: (t, p) => t(`notices.withdrawal.${p.status}`, { amount: amount(p.amount), asset: p.asset }),
  order: orderText,
  miner_received: (t, p) => t('notices.miner_received', { miner_no: p.miner_no, from: shortAddress(p.from) }),
  output_ready: (t, p) => t('notices.output_ready', { day: p.day, amount: amount(p.amount), count: p.miners }),
  shipping: (t, p) => t(`notices.shipping.${p.status}`),
  feedback_reply: (t, p) => t('notices.feedback_reply', { title: p.title }),
};

/** A notice as a person reads it ("Your miner WX00000012 sold for 95 USDT"); needs the notices texts. */
export function noticeText(t: TFunction, event: Pick<UserEvent, 'type' | 'payload'>): string {
  const phrase = phrases[event.type] as ((t: TFunction, payload: unknown) => string) | undefined;
  return phrase ? phrase(t, event.payload) : '';
}

const routes: { [T in UserEventType]: (payload: Payload<T>) => string } = {
  // Money received from another user is listed among the transfers, with the sender.
  balance: (p) => (p.credit?.type === 'transfer_in' ? '/transfer_records' : '/records'),
  deposit: () => '/recharge',
  withdrawal: () => '/withdrawal',
  order: (p) => (p.market === 'mtrade' ? '/mtrade/myorders' : '/c2c?tab=mine'),
  miner_received: () => '/mine',
  output_ready: () => '/mymines',
  shipping: () => '/shipping',
  feedback_reply: () => '/feedback',
};

/** The screen that shows what a notice tells of. */
export function noticeRoute(event: Pick<UserEvent, 'type' | 'payload'>): string | undefined {
  const route = routes[event.type] as ((payload: unknown) => string) | undefined;
  return route?.(event.payload);
}
