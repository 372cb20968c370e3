/** What a card does in the simulator: Stripe's documented test cards and their messages. */
export type CardOutcome = { ok: true; brand: string; last4: string } | { ok: false; code: string; decline_code?: string; message: string; param?: string };

const DECLINES: Record<string, { decline_code: string; message: string }> = {
  '4000000000000002': { decline_code: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000009987': { decline_code: 'lost_card', message: 'Your card was declined.' },
  '4000000000000069': { decline_code: 'expired_card', message: 'Your card has expired.' },
};
const SUCCEEDS: Record<string, string> = {
  '4242424242424242': 'visa',
  '5555555555554444': 'mastercard',
  '378282246310005': 'amex',
};

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks a card as Stripe's test mode does (number, expiry, CVC), then applies the test card's outcome. */
export function cardOutcome(card: { number?: string; exp_month?: string; exp_year?: string; cvc?: string }, now = new Date()): CardOutcome {
  const number = (card.number ?? '').replace(/\s+/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' };
  const month = Number(card.exp_month);
  let year = Number(card.exp_year);
  if (!Number.isInteger(month) || month < 1 || month > 12) return { ok: false, code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' };
  if (year < 100) year += 2000;
  if (!Number.isInteger(year) || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { ok: false, code: 'invalid_expiry_year', message: "Your card's expiration year is in the past.", param: 'exp_year' };
  }
  if (!/^\d{3,4}$/.test(card.cvc ?? '')) return { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incomplete.", param: 'cvc' };
  const decline = DECLINES[number];
  if (decline) return { ok: false, code: decline.decline_code === 'expired_card' ? 'expired_card' : 'card_declined', ...decline };
  const brand = SUCCEEDS[number];
  if (brand) return { ok: true, brand, last4: number.slice(-4) };
  // Test mode refuses real card numbers.
  return { ok: false, code: 'card_declined', decline_code: 'test_mode_live_card', message: 'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.' };
}
