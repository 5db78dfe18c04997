import { describe, expect, it } from 'vitest';
import { errorCatalog } from '@wallx/shared';
import { codeFieldOfError, codeOfScan, validateCode } from './writeoff-rules';

const code = 'ABCDEFGHJKLMNPQR';

describe('validateCode', () => {
  it('forgives case, spaces and dashes, as the server does', () => {
    for (const typed of [code, 'abcd efgh jklm npqr', 'ABCD-EFGH-JKLM-NPQR', ' abcd-EFGH jklmnpqr '])
      expect(validateCode({ code: typed }), typed).toEqual({});
  });

  it('asks for a code when there is none', () => {
    expect(validateCode({ code: '' })).toEqual({ code: 'shipping.code_required' });
    expect(validateCode({ code: ' - ' })).toEqual({ code: 'shipping.code_required' });
  });

  it('refuses what cannot be a code: wrong length, or 0/O/1/I, which codes never use', () => {
    for (const typed of [
      'ABCD',
      `${code}A`,
      'ABCDEFGHJKLMNPQ0',
      'OBCDEFGHJKLMNPQR',
      'ABCDEFGHJKLMNPQ1',
      'IBCDEFGHJKLMNPQR',
      'ABCD_EFGH_JKLM_NP',
    ]) {
      expect(validateCode({ code: typed }), typed).toEqual({ code: 'shipping.code_invalid' });
    }
  });
});

describe('codeOfScan', () => {
  it('reads a code from a QR code’s text, grouped or not', () => {
    expect(codeOfScan(code)).toBe(code);
    expect(codeOfScan('abcd-efgh-jklm-npqr\n')).toBe(code);
  });

  it('is null for any other QR code (a link, an address)', () => {
    expect(codeOfScan('https://wallx.example/join?code=ABCD2345')).toBeNull();
    expect(codeOfScan('0x1111111111111111111111111111111111111111')).toBeNull();
  });
});

describe('codeFieldOfError', () => {
  it('shows on the code field what the server says of the code', () => {
    for (const error of [errorCatalog.writeoff_code_invalid, errorCatalog.no_permission, errorCatalog.invalid_params])
      expect(codeFieldOfError(error)).toBe('code');
  });

  it('has no field for other refusals (too many look-ups, a network failure)', () => {
    expect(codeFieldOfError(errorCatalog.rate_limited)).toBeUndefined();
    expect(codeFieldOfError({ code: -1 })).toBeUndefined();
  });
});
