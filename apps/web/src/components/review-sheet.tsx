import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from './bottom-sheet';
import './review-sheet.css';

export type ReviewRow = {
  /** Names the row for tests and styles: `data-testid="review-<id>"` on its value. */
  id: string;
  label: string;
  value: ReactNode;
  isStrong?: boolean;
};

type Props = {
  visible: boolean;
  title: string;
  /** Shown whole, never shortened: the one thing a user must be able to check character by character. */
  address: { label: string; value: string };
  rows: readonly ReviewRow[];
  /** What happens after Confirm that the user should know before it (a withdrawal's review). */
  note?: string | undefined;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  /** Closes the sheet; the form under it keeps what was typed. */
  onBack: () => void;
};

/** In groups of four, as wallets print addresses; the text itself stays the address, without spaces. */
function AddressGroups({ address }: { address: string }) {
  const groups = address.match(/^0x|.{1,4}/gs) ?? [];
  return groups.map((group, index) => (
    <span key={index} className="review__address-group">
      {group}
    </span>
  ));
}

/**
 * The last look before money or a miner leaves: what goes where, what it costs, what arrives. Sending
 * happens only on its confirm button; a transfer, a withdrawal and a miner transfer share it.
 */
export function ReviewSheet({
  visible,
  title,
  address,
  rows,
  note,
  confirmLabel,
  pendingLabel,
  isPending,
  onConfirm,
  onBack,
}: Props) {
  const { t } = useTranslation();
  // A request on its way is not abandoned by the mask or Escape: its answer closes the sheet.
  const back = () => {
    if (!isPending) onBack();
  };
  return (
    <BottomSheet visible={visible} onClose={back} title={title} className="review-sheet">
      <div className="review">
        <div className="review__address">
          <span className="review__label">{address.label}</span>
          <p className="review__address-value" data-testid="review-address" translate="no">
            <AddressGroups address={address.value} />
          </p>
        </div>
        <dl className="review__rows">
          {rows.map((row) => (
            <div key={row.id} className={`review__row${row.isStrong ? ' review__row--strong' : ''}`}>
              <dt>{row.label}</dt>
              <dd data-testid={`review-${row.id}`}>{row.value}</dd>
            </div>
          ))}
        </dl>
        {note && (
          <p className="review__note" role="note" data-testid="review-note">
            {note}
          </p>
        )}
        <div className="review__actions">
          <button type="button" className="button button--ghost" onClick={back} disabled={isPending}>
            {t('common.back')}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={onConfirm}
            disabled={isPending}
            aria-busy={isPending}
          >
            {isPending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </div>
    </BottomSheet>
  );
}
