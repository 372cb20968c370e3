import { describe, expect, it } from 'vitest';
import { checkVin, stockNumberSchema, vehicleName, vinCheckDigit, vinSchema, vinWarning } from './vin';

describe('VIN: 17 characters, no I/O/Q, the check digit of North American VINs', () => {
  it('accepts real VINs whose check digit is right', () => {
    // Honda Accord 2003 (NHTSA's own example), Wikipedia's example (check digit X), a Chevrolet Malibu 2006.
    for (const vin of ['1HGCM82633A004352', '1M8GDM9AXKP042788', '1G1ZT53826F109149']) {
      expect(checkVin(vin)).toEqual({ ok: true, vin, check_digit: 'valid', warning: null });
      expect(vinSchema.parse(vin)).toBe(vin);
    }
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it('writes a typed VIN the same way: upper case, without the spaces or dashes between groups', () => {
    expect(vinSchema.parse(' 1hgcm8-2633a 004352 ')).toBe('1HGCM82633A004352');
  });

  it('a wrong check digit is a warning that names the digit expected, not a refusal', () => {
    // 5YJ3E1EA7KF317000 is often quoted as a Tesla Model 3 VIN: its other 16 characters call for a 2 in position 9.
    const verdict = checkVin('5YJ3E1EA7KF317000');
    expect(verdict).toMatchObject({ ok: true, vin: '5YJ3E1EA7KF317000', check_digit: 'wrong' });
    expect(verdict.ok && verdict.warning).toContain('should be 2');
    expect(vinSchema.parse('5YJ3E1EA7KF317000')).toBe('5YJ3E1EA7KF317000');
    expect(vinWarning('5YJ3E1EA7KF317000')).toContain('not 7');
    expect(checkVin('5YJ3E1EA2KF317000')).toMatchObject({ check_digit: 'valid', warning: null });
  });

  it('does not check the digit of VINs from outside North America (other markets do not use it)', () => {
    expect(checkVin('WBA3A5C51CF256651')).toEqual({ ok: true, vin: 'WBA3A5C51CF256651', check_digit: 'not_used', warning: null });
    expect(checkVin('WVWZZZ1KZAW000123')).toMatchObject({ ok: true, check_digit: 'not_used' });
    expect(vinWarning('WBA3A5C51CF256651')).toBeNull();
  });

  it('refuses I, O and Q with the reason and the characters at fault', () => {
    for (const [vin, bad] of [['1HGCM82633A0O4352', 'O'], ['1HGCM8I633A004352', 'I'], ['QHGCM82633A004352', 'Q']] as const) {
      const verdict = checkVin(vin);
      expect(verdict.ok).toBe(false);
      expect(!verdict.ok && verdict.reason).toContain(`"${bad}"`);
      expect(!verdict.ok && verdict.reason).toContain('never I, O or Q');
      const parsed = vinSchema.safeParse(vin);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain('never I, O or Q');
    }
    expect(checkVin('1HGCM82633A00435!')).toMatchObject({ ok: false });
  });

  it('refuses a VIN of another length, saying how long it is', () => {
    expect(checkVin('1HGCM82633A00435')).toEqual({ ok: false, reason: 'A VIN has 17 characters; this one has 16.' });
    expect(vinSchema.safeParse('1HGCM82633A0043521').error?.issues[0]?.message).toContain('this one has 18');
    expect(vinSchema.safeParse(17).success).toBe(false);
  });
});

describe('stock number', () => {
  it('takes letters, digits and . _ / - up to 32 characters, trimmed', () => {
    expect(stockNumberSchema.parse(' A1234 ')).toBe('A1234');
    expect(stockNumberSchema.parse('24-118/B')).toBe('24-118/B');
    expect(stockNumberSchema.safeParse('A 1234').success).toBe(false);
    expect(stockNumberSchema.safeParse('x'.repeat(33)).success).toBe(false);
  });
});

describe('the car name from a decoded VIN', () => {
  it('joins year, make, model and trim; nothing without make or model', () => {
    expect(vehicleName({ year: 2003, make: 'Honda', model: 'Accord', trim: 'EX-V6', body: 'Coupe' })).toBe('2003 Honda Accord EX-V6');
    expect(vehicleName({ year: 2019, make: 'Tesla', model: 'Model 3', trim: null, body: null })).toBe('2019 Tesla Model 3');
    expect(vehicleName({ year: 2019, make: null, model: null, trim: null, body: null })).toBeNull();
    expect(vehicleName(null)).toBeNull();
  });
});
