import { randomToken } from '../domain/accounts/secrets.ts';
import type { PaymentProvider } from './provider.ts';

/**
 * Test mode, the default of an installation without Stripe keys: the checkout page's "pay (test)"
 * button is the payment. No money moves; the event it makes goes through the same settle path as
 * a Stripe webhook. Chosen only when no Stripe key is configured (payments/choose.ts).
 */
export const testPayments: PaymentProvider = {
  name: 'test',
  async start(request) {
    return {
      kind: 'paid',
      event: {
        kind: 'paid',
        provider: 'test',
        eventId: `test_${randomToken(12)}`,
        type: 'test.payment',
        orderNumber: request.number,
        sessionId: null,
        paymentId: null,
        amountCents: request.totalCents,
        currency: 'usd',
      },
    };
  },
};
