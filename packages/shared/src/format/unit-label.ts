const unitLabels = ['%', 'USDT', 'WALLX'] as const;

/** The label of a unit index: 0 → '%', 1 → 'USDT', 2 → 'WALLX'; '' for anything else. */
export function unitLabel(index: number): string {
  if (!Number.isInteger(index)) return '';
  return unitLabels[index] ?? '';
}
