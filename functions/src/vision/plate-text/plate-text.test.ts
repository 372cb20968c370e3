import { describe, expect, it } from 'vitest';
import { decodeCtc } from './plate-reader';
import { PLATE_TEXT } from '@shared/same-car';
import { lineOf, MIN_CHAR_CONFIDENCE, plateFromReading } from './plate-text';

describe('a plate reading kept as the car\'s plate', () => {
  const sure = (n: number) => new Array<number>(n).fill(0.99);

  it('keeps a plate read surely, separators dropped, upper case', () => {
    expect(plateFromReading('JSC·7486', sure(7))).toBe('JSC7486');
    expect(plateFromReading('emr 7094', sure(7))).toBe('EMR7094');
    expect(plateFromReading('GWT-2180', sure(7))).toBe('GWT2180');
  });

  it('drops model names and badges (no digit), short readings, other scripts and unsure characters', () => {
    expect(plateFromReading('KADJAR', sure(6))).toBeNull();
    expect(plateFromReading('CS55', sure(4))).toBeNull();
    expect(plateFromReading('IONIQ5', sure(6))).toBeNull();
    expect(plateFromReading('PEUGEOT 3008 HYBRID4', sure(19))).toBeNull();
    // Every kept plate fits the check's schema (5-10 upper-case letters and digits).
    expect(plateFromReading('AB 12 CDE', sure(7))).toMatch(PLATE_TEXT);
    expect(plateFromReading('京A12345', sure(7))).toBeNull();
    expect(plateFromReading('JSC7486', [...sure(6), MIN_CHAR_CONFIDENCE - 0.1])).toBeNull();
  });
});

describe('the plate\'s line of lettering', () => {
  it('joins the words on the first box\'s line, not the lettering above it', () => {
    const emr = { x: 100, y: 200, width: 60, height: 20 };
    const digits = { x: 170, y: 202, width: 80, height: 19 };
    const town = { x: 110, y: 170, width: 120, height: 12 };
    expect(lineOf(emr, [emr, digits, town])).toEqual({ x: 100, y: 200, width: 150, height: 21 });
    expect(lineOf(emr, [emr, { ...digits, x: 300 }])).toEqual(emr);
  });
});

describe('CTC decoding', () => {
  it('drops blanks and a character repeated in neighbouring steps, keeps one repeated across a blank', () => {
    const keys = ['', 'A', '1'];
    // Steps: A A blank A 1 1 blank.
    const steps = [1, 1, 0, 1, 2, 2, 0];
    const probs = new Float32Array(steps.length * 3);
    steps.forEach((k, t) => (probs[t * 3 + k] = 0.9));
    expect(decodeCtc(probs, steps.length, 3, keys)).toEqual({ text: 'AA1', confidences: [0.9, 0.9, 0.9].map((v) => Math.fround(v)) });
  });
});
