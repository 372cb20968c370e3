import { describe, expect, it } from 'vitest';
import { carKeyOf, carsCovered, importRefusal, planImport } from './bulk-import';
import { MAX_CAR_PACKAGE_PHOTOS, MAX_FILE_BYTES, MAX_IMPORT_CARS, MAX_IMPORT_PHOTOS } from './limits';
import { IMPORT_MESSAGES, MESSAGES } from './messages';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('names of a day shoot', () => {
  it('reads a stock number or a VIN and the photo number, with -, _ or a space between', () => {
    expect(carKeyOf('A1234-1.jpg')).toEqual({ key: { kind: 'stock', stockNumber: 'A1234' }, sequence: 1 });
    expect(carKeyOf('day/A-12-3.JPG')).toEqual({ key: { kind: 'stock', stockNumber: 'A-12' }, sequence: 3 });
    expect(carKeyOf('1hgcm82633a004352_07.jpeg')).toEqual({ key: { kind: 'vin', vin: '1HGCM82633A004352' }, sequence: 7 });
    expect(carKeyOf('B77 2.png')).toEqual({ key: { kind: 'stock', stockNumber: 'B77' }, sequence: 2 });
  });

  it('says no car for names without a number, or with characters a stock number never has', () => {
    expect(carKeyOf('IMG_A.jpg')).toBeNull();
    expect(carKeyOf('front.jpg')).toBeNull();
    expect(carKeyOf('car #5-1.jpg')).toBeNull();
    // A camera's or phone's own names are not stock numbers.
    expect(carKeyOf('IMG_0412.jpg')).toBeNull();
    expect(carKeyOf('PXL_20261130_0941.jpg')).toBeNull();
    expect(carKeyOf('dsc 0007.JPG')).toBeNull();
  });
});

describe('grouping an import', () => {
  it('makes one car per VIN or stock number, photos in number order, cars in stock-list order, and lists names without a car apart', () => {
    const plan = planImport([file('B2-1.jpg'), file('A10-1.jpg'), file('A1-2.jpg'), file('a1-1.jpg'), file('walkaround.jpg'), file('__MACOSX/._A1-1.jpg'), file('.DS_Store')]);
    expect(plan.problem).toBeNull();
    expect(plan.cars.map((c) => [c.id, c.photos.map((p) => p.name)])).toEqual([
      ['A1', ['a1-1.jpg', 'A1-2.jpg']],
      ['A10', ['A10-1.jpg']],
      ['B2', ['B2-1.jpg']],
    ]);
    expect(plan.notGrouped.map((f) => f.name)).toEqual(['walkaround.jpg']);
    expect(plan.photoCount).toBe(5);
  });

  it('refuses the files the product does not take, on their car, with the reason', () => {
    const plan = planImport([file('A1-1.jpg'), file('A1-2.txt', 10, 'text/plain'), file('A1-3.jpg', MAX_FILE_BYTES + 1), file('A1-4.heic'), file('notes.txt')]);
    expect(plan.cars[0]!.photos.map((p) => p.name)).toEqual(['A1-1.jpg']);
    expect(plan.cars[0]!.refused.map((r) => r.reason)).toEqual([MESSAGES.photoTypeInvalid, MESSAGES.fileTooLarge(MAX_FILE_BYTES), expect.stringContaining('HEIC')]);
    expect(plan.refused.map((r) => r.file.name)).toEqual(['notes.txt']);
    expect(importRefusal(file('x.jpg', 0))).toBe(MESSAGES.fileTooSmall(1));
  });

  it('leaves out a car photos past 15, saying why', () => {
    const plan = planImport(Array.from({ length: MAX_CAR_PACKAGE_PHOTOS + 2 }, (_, i) => file(`C9-${i + 1}.jpg`)));
    expect(plan.cars[0]!.photos).toHaveLength(MAX_CAR_PACKAGE_PHOTOS);
    expect(plan.cars[0]!.refused.map((r) => r.file.name)).toEqual(['C9-16.jpg', 'C9-17.jpg']);
    expect(plan.cars[0]!.refused[0]!.reason).toBe(IMPORT_MESSAGES.tooManyForOneCar(MAX_CAR_PACKAGE_PHOTOS));
  });

  it('refuses an import past 30 cars or 450 photos whole, and one with no photo', () => {
    const cars = planImport(Array.from({ length: MAX_IMPORT_CARS + 1 }, (_, i) => file(`S${i}-1.jpg`)));
    expect(cars.problem).toBe(IMPORT_MESSAGES.tooManyCars(MAX_IMPORT_CARS + 1, MAX_IMPORT_CARS));
    expect(planImport(Array.from({ length: MAX_IMPORT_CARS }, (_, i) => file(`S${i}-1.jpg`))).problem).toBeNull();
    const photos = planImport(Array.from({ length: MAX_IMPORT_PHOTOS + 1 }, (_, i) => file(`S${i % 30}-${i}.jpg`)));
    expect(photos.problem).toBe(IMPORT_MESSAGES.tooManyPhotos(MAX_IMPORT_PHOTOS + 1, MAX_IMPORT_PHOTOS));
    expect(planImport([file('notes.txt', 10, 'text/plain')]).problem).toBe(IMPORT_MESSAGES.nothingFound);
  });
});

describe('what a balance starts', () => {
  it('starts the first cars the credits cover, in order', () => {
    expect(carsCovered(['a', 'b', 'c'], 2)).toEqual({ start: ['a', 'b'], wait: ['c'] });
    expect(carsCovered(['a', 'b'], 5)).toEqual({ start: ['a', 'b'], wait: [] });
    expect(carsCovered(['a'], undefined)).toEqual({ start: [], wait: ['a'] });
  });
});
