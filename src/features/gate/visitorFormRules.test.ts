import { describe, expect, it } from 'vitest';
import { isPhoneNumber } from '../../protocol/visitor.ts';
import { emptyVisitorForm, visitorFormErrors } from './visitorFormRules.ts';

const filled = { firstName: 'Mia', lastName: 'Berg', email: 'mia@example.test', phone: '+47 912 34 567', occupation: 'Architect', company: 'Fjord Studio' };

describe('visitor form rules (section 5)', () => {
  it('accepts a complete form', () => {
    expect(visitorFormErrors(filled)).toEqual({});
  });

  it('names every empty field with its message', () => {
    expect(visitorFormErrors(emptyVisitorForm())).toEqual({
      firstName: 'error.field-required', lastName: 'error.field-required', email: 'error.field-required',
      phone: 'error.invalid-phone', occupation: 'error.field-required', company: 'error.field-required',
    });
  });

  it('tells a malformed email and phone apart from a missing one', () => {
    expect(visitorFormErrors({ ...filled, email: 'mia@example' })).toEqual({ email: 'error.invalid-email' });
    expect(visitorFormErrors({ ...filled, phone: 'call me' })).toEqual({ phone: 'error.invalid-phone' });
  });

  it('knows a phone number when it sees one', () => {
    expect(['+1 (555) 010-2030', '0912345678', '+44 20 7946 0958'].every(isPhoneNumber)).toBe(true);
    expect(['12345', '+1 555 abc', '1234567890123456', '++4712345678'].some(isPhoneNumber)).toBe(false);
  });
});
