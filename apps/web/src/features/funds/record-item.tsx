import type { ComponentType, ReactNode } from 'react';
import type { Asset } from '@wallx/shared';
import type { IconProps } from '../../components/icons';
import type { Flow } from './signed-amount';

type Props = {
  Icon: ComponentType<IconProps>;
  flow: Flow;
  title: string;
  amount: string;
  asset: Asset;
  /** Second line, under the title. */
  detail: ReactNode;
  /** Second line, under the amount. */
  aside: ReactNode;
};

/** One row of a funds list: what happened on the left, how much on the right. */
export function RecordItem({ Icon, flow, title, amount, asset, detail, aside }: Props) {
  return (
    <article className="record" data-flow={flow}>
      <span className={`record__icon record__icon--${flow}`}>
        <Icon />
      </span>
      <h3 className="record__title">{title}</h3>
      <p className={`record__amount record__amount--${flow}`}>
        <span className="record__value">{amount}</span> <span className="record__unit">{asset}</span>
      </p>
      <p className="record__detail">{detail}</p>
      <p className="record__aside">{aside}</p>
    </article>
  );
}
