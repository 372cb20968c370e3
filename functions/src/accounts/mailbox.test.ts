import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox';

describe('mailboxOf: the mailbox an address reaches', () => {
  it('the probe\'s spellings of one Gmail mailbox are one mailbox', () => {
    const spellings = ['name@gmail.com', 'name+1@gmail.com', 'name+2@gmail.com', 'n.a.m.e@gmail.com', 'N.A.M.E+x@GMAIL.COM', 'name@googlemail.com', ' Name@Gmail.com '];
    expect(new Set(spellings.map(mailboxOf))).toEqual(new Set(['name@gmail.com']));
  });

  it('+tags go at every provider; dots stay where the provider does not ignore them', () => {
    expect(mailboxOf('Jane.Doe+trial@Example.com')).toBe('jane.doe@example.com');
    expect(mailboxOf('jane.doe@outlook.com')).not.toBe(mailboxOf('janedoe@outlook.com'));
    expect(mailboxOf('jane@sub.gmail.com')).toBe('jane@sub.gmail.com');
  });

  it('different people stay different', () => {
    const people = ['ann@gmail.com', 'anne@gmail.com', 'ann@example.com', 'ann@example.org', 'an.n@example.com'];
    expect(new Set(people.map(mailboxOf)).size).toBe(people.length);
  });

  it('is idempotent and never makes an empty local part of a leading +', () => {
    for (const a of ['name+1@gmail.com', 'j.s+x@example.com', '+tag@example.com', 'x@y']) expect(mailboxOf(mailboxOf(a))).toBe(mailboxOf(a));
    expect(mailboxOf('+tag@example.com')).toBe('+tag@example.com');
  });
});
