import { describe, expect, it } from 'vitest';
import { stakingSettingsValuesSchema } from './settings.js';

const valid = {
  term_weights: { flexible: '1', d30: '1.2', d90: '1.5', d180: '2' },
  fee_share: '0.2',
  aid_share: '1',
  checkin_boost: '0.2',
  min_stake: '1',
};

describe('stakingSettingsValuesSchema', () => {
  it('takes the bounds exactly, not as floats: a share a unit of 18 decimals above 1 is refused', () => {
    expect(stakingSettingsValuesSchema.safeParse(valid).success).toBe(true);
    const over = stakingSettingsValuesSchema.safeParse({ ...valid, fee_share: '1.000000000000000001' });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.path).toEqual(['fee_share']);
    const weight = { ...valid.term_weights, d180: '100.000000000000000001' };
    expect(stakingSettingsValuesSchema.safeParse({ ...valid, term_weights: weight }).success).toBe(false);
    expect(stakingSettingsValuesSchema.safeParse({ ...valid, checkin_boost: '10.000000000000000001' }).success).toBe(
      false,
    );
    expect(stakingSettingsValuesSchema.safeParse({ ...valid, term_weights: { ...weight, d180: '0' } }).success).toBe(
      false,
    );
  });
});
