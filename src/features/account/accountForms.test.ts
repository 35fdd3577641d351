import { describe, expect, it } from 'vitest';
import {
  EMPTY_SIGNUP, firstProblemField, signupBody, validateLogin, validatePasswordChange, validateProfile, validateSignup, type SignupValues,
} from './accountForms.ts';

const good: SignupValues = {
  ...EMPTY_SIGNUP, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'engine42', confirmPassword: 'engine42', agreeTerms: true,
};

describe('sign-up rules (spec section 5)', () => {
  it('accepts a complete form with the optional fields empty', () => {
    expect(validateSignup(good)).toEqual({});
  });

  it('marks every required field and the terms on an empty form', () => {
    expect(validateSignup(EMPTY_SIGNUP)).toEqual({
      firstName: { key: 'validation.required' },
      lastName: { key: 'validation.required' },
      email: { key: 'validation.required' },
      password: { key: 'validation.required' },
      confirmPassword: { key: 'validation.required' },
      agreeTerms: { key: 'validation.terms' },
    });
  });

  it('treats blanks as missing', () => {
    expect(validateSignup({ ...good, firstName: '   ' }).firstName).toEqual({ key: 'validation.required' });
  });

  it('rejects a malformed email', () => {
    for (const email of ['ada', 'ada@', 'ada@example', 'a da@example.com', '@example.com']) {
      expect(validateSignup({ ...good, email }).email, email).toEqual({ key: 'validation.email' });
    }
  });

  it('asks for 8 characters, then for a letter and a number', () => {
    expect(validateSignup({ ...good, password: 'ab1', confirmPassword: 'ab1' }).password).toEqual({ key: 'validation.min-length', n: 8 });
    expect(validateSignup({ ...good, password: 'abcdefgh', confirmPassword: 'abcdefgh' }).password).toEqual({ key: 'validation.letter-and-number' });
    expect(validateSignup({ ...good, password: '12345678', confirmPassword: '12345678' }).password).toEqual({ key: 'validation.letter-and-number' });
    expect(validateSignup({ ...good, password: 'пароль12', confirmPassword: 'пароль12' }).password).toBeUndefined();
  });

  it('names the password field when the confirmation differs', () => {
    expect(validateSignup({ ...good, confirmPassword: 'engine43' }).confirmPassword).toEqual({ key: 'validation.mismatch', col: 'signup.password' });
  });

  it('accepts a plausible phone number and refuses text', () => {
    for (const phone of ['+44 20 7946 0958', '(02) 2345-6789', '0912345678']) expect(validateSignup({ ...good, phone }).phone, phone).toBeUndefined();
    for (const phone of ['call me', '12', '+', '12345678901234567890123']) expect(validateSignup({ ...good, phone }).phone, phone).toEqual({ key: 'validation.phone' });
  });

  it('builds the server body: trimmed, optional fields left out, terms agreed', () => {
    expect(signupBody({ ...good, firstName: ' Ada ', company: '  ', occupation: 'Analyst' })).toEqual({
      firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', password: 'engine42',
      phone: undefined, companyDisplayName: undefined, occupationCustom: 'Analyst', agreeTerms: true,
    });
  });

  it('finds the first field with a problem in form order', () => {
    const problems = validateSignup({ ...good, email: 'x', confirmPassword: '' });
    expect(firstProblemField(['firstName', 'lastName', 'email', 'password', 'confirmPassword'], problems)).toBe('email');
  });
});

describe('login rules', () => {
  it('needs both fields but does not judge the password (old accounts, server decides)', () => {
    expect(validateLogin({ username: '', password: '' })).toEqual({ username: { key: 'validation.required' }, password: { key: 'validation.required' } });
    expect(validateLogin({ username: 'ada', password: 'x' })).toEqual({});
  });
});

describe('password change rules', () => {
  it('applies the new-password rule and the confirmation to the new password', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: 'short1', confirmPassword: 'short2' })).toEqual({
      currentPassword: { key: 'validation.required' },
      newPassword: { key: 'validation.min-length', n: 8 },
      confirmPassword: { key: 'validation.mismatch', col: 'password.new' },
    });
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'newpass99', confirmPassword: 'newpass99' })).toEqual({});
  });
});

describe('profile rules', () => {
  it('keeps names required and the phone plausible', () => {
    expect(validateProfile({ firstName: '', lastName: 'L', phone: 'abc', company: '', occupation: '' })).toEqual({
      firstName: { key: 'validation.required' }, phone: { key: 'validation.phone' },
    });
  });
});
