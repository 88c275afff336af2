import type { PaymentProviderName } from '../../store/schema.ts';

/**
 * A payment provider's event, as the orders domain acts on it. Providers translate their own
 * events (Stripe webhooks, the test-mode button) into these; each carries the provider's event id,
 * so a repeated delivery is recognised and does nothing.
 */
export type PaymentEvent =
  | {
      kind: 'paid';
      provider: PaymentProviderName;
      eventId: string;
      type: string;
      orderNumber: string | null;
      sessionId: string | null;
      paymentId: string | null;
      amountCents: number;
      currency: string;
    }
  | {
      /** The checkout finished but the money is still on its way (a bank debit): wait for 'paid'. */
      kind: 'awaiting_payment';
      provider: PaymentProviderName;
      eventId: string;
      type: string;
      orderNumber: string | null;
      sessionId: string;
      paymentId: string | null;
    }
  | { kind: 'refunded'; provider: PaymentProviderName; eventId: string; type: string; paymentId: string; fully: boolean }
  | { kind: 'ignored'; provider: PaymentProviderName; eventId: string; type: string };
