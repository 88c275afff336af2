import type { PaymentEvent } from '../domain/orders/payment-event.ts';
import type { PaymentProviderName } from '../store/schema.ts';

/** What a provider needs to take the payment of one order: exactly the order's own figures. */
export interface PaymentRequest {
  number: string;
  lines: { description: string; amountCents: number }[];
  /** The VAT as one more line (0 cents under reverse charge or outside the EU: left out). */
  vat: { description: string; amountCents: number };
  totalCents: number;
  expiresAt: Date;
  /** The service's clock at the request (tests run on a fixed one). */
  requestedAt: Date;
  /** Where the payer comes back to: the checkout page (with its token). */
  returnUrl: string;
  /** A hosted session started earlier for this order, to hand over again rather than open a second one. */
  existingSessionId: string | null;
}

/**
 * How the checkout page's pay button takes money. `paid` means the provider already has the
 * payment as an event (test mode); `redirect` sends the payer to the provider's hosted page, and
 * the payment arrives later as a signed webhook (Stripe). Either way the order is marked paid and
 * fulfilled by the same code: services.orders.settle(event).
 */
export type PaymentStart = { kind: 'paid'; event: PaymentEvent } | { kind: 'redirect'; url: string; sessionId: string } | { kind: 'completed' };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  start(request: PaymentRequest): Promise<PaymentStart>;
  /**
   * The provider's webhook, from its raw body and signature header: the event, or
   * InvalidSignatureError. Providers without webhooks (test mode) have none.
   */
  webhook?(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export class InvalidSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSignatureError';
  }
}
