import { describe, expect, it } from 'vitest';
import { packageReadyMail, purchaseReceiptMail } from './templates';

const link = 'https://studio.example.com/dashboard/car-packages/01JPKG';
const base = { name: '2021 Cupra Born', link, carLine: null, refunded: false, statusMessage: null };

describe('the ready mail', () => {
  it('a completed package: every finished angle listed in order, the link, how to turn it off', () => {
    const mail = packageReadyMail({ ...base, status: 'completed', finished: ['Front View', 'Rear View'], notMade: [] });
    expect(mail.subject).toBe('Your car package is ready: 2021 Cupra Born (2 angles)');
    expect(mail.text).toContain('2 angles of 2021 Cupra Born are finished:\n\n- Front View\n- Rear View\n');
    expect(mail.text).not.toMatch(/of 8|Not made|Not in this package/);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('Settings');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('<li>Front View</li><li>Rear View</li>');
  });

  it('a package of the one angle its photo shows says "1 angle", never "1 of 8", and names the angles it does not have quietly', () => {
    const notInPackage = ['Front View', 'Rear View', 'Left Side', 'Right Side', 'Front Right Corner', 'Rear Left Corner', 'Rear Right Corner'];
    const mail = packageReadyMail({ ...base, status: 'completed', finished: ['Front Left Corner'], notMade: [], notInPackage });
    expect(mail.subject).toBe('Your car package is ready: 2021 Cupra Born (1 angle)');
    expect(mail.text).toContain('1 angle of 2021 Cupra Born is finished:\n\n- Front Left Corner\n');
    expect(mail.text).toContain(`Not in this package, as none of its photos shows them: ${notInPackage.join(', ')}.`);
    expect(mail.text).not.toMatch(/of 8|of the 8|Not made|failed/i);
  });

  it('a partial package: how many of how many in the subject, the finished ones listed, the others named', () => {
    const mail = packageReadyMail({ ...base, status: 'partial_complete', finished: ['Front View'], notMade: ['Left Side', 'Right Side'], carLine: 'stock A123' });
    expect(mail.subject).toBe('Your car package is ready: 2021 Cupra Born (1 of 3 angles)');
    expect(mail.text).toContain('1 of the 3 angles of 2021 Cupra Born (stock A123) are finished:\n\n- Front View\n');
    expect(mail.text).toContain('Not made: Left Side, Right Side.');
    expect(mail.text).not.toMatch(/- Left Side/);
  });

  it('a package that ended with nothing made says so, with the reason and the credit given back', () => {
    const mail = packageReadyMail({ ...base, status: 'error', finished: [], notMade: ['Front View'], refunded: true, statusMessage: 'No angle could be rendered.' });
    expect(mail.subject).toBe('Your car package could not be made: 2021 Cupra Born');
    expect(mail.text).toContain('No angle could be rendered. Your credit for it was given back.');
    expect(mail.text).toContain(link);
    expect(mail.subject).not.toContain('ready');
  });

  it("escapes the dealer's words in HTML", () => {
    const mail = packageReadyMail({ ...base, name: '<b>Van</b> & "co"', status: 'completed', finished: ['Front View'], notMade: [] });
    expect(mail.html).not.toContain('<b>Van</b>');
    expect(mail.html).toContain('&lt;b&gt;Van&lt;/b&gt; &amp; &quot;co&quot;');
  });
});

describe('the receipt', () => {
  const paid = { packageName: 'Starter Pack', credits: 8, listPriceCents: 800, currency: 'usd', paidAt: '2026-11-29T22:10:00.000Z', reference: 'pi_123', dealerName: 'Dana Motors' };

  it('amount, credits, date and reference; no coupon line without one', () => {
    const mail = purchaseReceiptMail({ ...paid, amountCents: 800, discountCents: 0, couponCode: null });
    expect(mail.subject).toBe('Your Studio Lot receipt: 8 credits, $8.00');
    expect(mail.text).toContain('Date: 2026-11-29');
    expect(mail.text).toContain('Bought: Starter Pack: 8 credits');
    expect(mail.text).toContain('Amount paid: $8.00');
    expect(mail.text).toContain('Reference: pi_123');
    expect(mail.text).not.toContain('Coupon');
  });

  it('a coupon: the list price, the code and its discount, the amount paid', () => {
    const mail = purchaseReceiptMail({ ...paid, amountCents: 600, discountCents: 200, couponCode: 'SPRING25' });
    expect(mail.text).toContain('Price: $8.00\nCoupon: SPRING25 (-$2.00)\nAmount paid: $6.00');
    expect(mail.html).toContain('SPRING25 (-$2.00)');
  });
});
