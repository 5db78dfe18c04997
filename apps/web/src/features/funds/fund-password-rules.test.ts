import { describe, expect, it } from 'vitest';
import { isFundPasswordField, validateFundPassword } from './fund-password-rules';

const setting = { isChange: false };
const changing = { isChange: true };

describe('validateFundPassword', () => {
  it('accepts 6 matching characters', () => {
    expect(validateFundPassword({ oldPassword: '', password: 'abc123', confirm: 'abc123' }, setting)).toEqual({});
  });

  it('needs at least 6 characters, as the server does', () => {
    expect(validateFundPassword({ oldPassword: '', password: '12345', confirm: '12345' }, setting)).toEqual({
      password: 'errors.fund_password_too_short',
    });
    expect(validateFundPassword({ oldPassword: '', password: '', confirm: '' }, setting).password).toBe(
      'errors.fund_password_too_short',
    );
  });

  it('counts characters the way the server does (UTF-16 code units), spaces included', () => {
    expect(validateFundPassword({ oldPassword: '', password: '      ', confirm: '      ' }, setting)).toEqual({});
    expect(
      validateFundPassword({ oldPassword: '', password: '密码密码密码', confirm: '密码密码密码' }, setting),
    ).toEqual({});
    // Two emoji are four code units: still too short.
    expect(validateFundPassword({ oldPassword: '', password: '😀😀', confirm: '😀😀' }, setting).password).toBe(
      'errors.fund_password_too_short',
    );
  });

  it('needs the confirmation to match exactly', () => {
    expect(validateFundPassword({ oldPassword: '', password: 'abcdef', confirm: 'abcdeg' }, setting)).toEqual({
      confirm: 'errors.fund_password_mismatch',
    });
    expect(validateFundPassword({ oldPassword: '', password: 'abcdef', confirm: 'ABCDEF' }, setting).confirm).toBe(
      'errors.fund_password_mismatch',
    );
  });

  it('reports both problems at once', () => {
    expect(validateFundPassword({ oldPassword: '', password: 'abc', confirm: 'abd' }, setting)).toEqual({
      password: 'errors.fund_password_too_short',
      confirm: 'errors.fund_password_mismatch',
    });
  });

  it('asks for the current password only when changing', () => {
    const form = { oldPassword: '', password: 'abcdef', confirm: 'abcdef' };
    expect(validateFundPassword(form, setting)).toEqual({});
    expect(validateFundPassword(form, changing)).toEqual({ old_password: 'funds.current_password_required' });
    // Its length is not ours to judge: an old password set under other rules must still work.
    expect(validateFundPassword({ ...form, oldPassword: 'x' }, changing)).toEqual({});
  });
});

describe('isFundPasswordField', () => {
  it('knows the fields the server names', () => {
    expect(['old_password', 'password', 'confirm'].every(isFundPasswordField)).toBe(true);
    expect(isFundPasswordField('fund_password')).toBe(false);
    expect(isFundPasswordField(undefined)).toBe(false);
  });
});
