import Stripe from 'stripe';
import type { PaymentEvent } from '../domain/orders/payment-event.ts';
import { InvalidSignatureError, type PaymentProvider, type PaymentRequest } from './provider.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The Stripe API root; https://api.stripe.com unless the operator points it at a compatible server (stripe-mock, tests). */
  apiUrl?: string;
}

/** Stripe refuses a Checkout Session that ends sooner than this. */
const MIN_SESSION_MS = 30 * 60_000;

/**
 * Stripe Checkout. The client talks to the operator-configured Stripe API directly, not through
 * the outbound safe fetch: its host is the operator's choice (like SMTP_URL), never a URL from
 * outside. The order is paid only when a signed webhook says so; the redirect back proves nothing.
 */
export function stripePayments(settings: StripeSettings): PaymentProvider {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'http:' ? 80 : 443), protocol: api.protocol === 'http:' ? ('http' as const) : ('https' as const) } : {}),
  });

  return {
    name: 'stripe',

    async start(request: PaymentRequest) {
      if (request.existingSessionId) {
        // A session opened earlier for this order: hand it over again, or say it is done.
        const earlier = await stripe.checkout.sessions.retrieve(request.existingSessionId);
        if (earlier.status === 'complete') return { kind: 'completed' };
        if (earlier.status === 'open' && earlier.url) return { kind: 'redirect', url: earlier.url, sessionId: earlier.id };
      }
      if (request.expiresAt.getTime() - request.requestedAt.getTime() < MIN_SESSION_MS + 60_000) {
        throw new Error('the order expires in less than 31 minutes: too soon for a Stripe Checkout Session');
      }
      const lineItems = [...request.lines, ...(request.vat.amountCents > 0 ? [request.vat] : [])].map((l) => ({
        quantity: 1,
        price_data: { currency: 'usd', unit_amount: l.amountCents, product_data: { name: l.description.slice(0, 250) } },
      }));
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: request.number,
          metadata: { order_number: request.number },
          payment_intent_data: { metadata: { order_number: request.number } },
          line_items: lineItems,
          success_url: `${request.returnUrl}&payment=returned`,
          cancel_url: `${request.returnUrl}&payment=cancelled`,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        // One session per order, whatever retries: every parameter above is fixed by the order, and
        // Stripe answers a repeated key with the first session (keys last 24 h, an order at most as long).
        { idempotencyKey: `order-${request.number}` },
      );
      if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a url`);
      return { kind: 'redirect', url: session.url, sessionId: session.id };
    },

    webhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
      if (!signature) throw new InvalidSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (err) {
        throw new InvalidSignatureError((err as Error).message);
      }
      return translate(event);
    },
  };
}

/** Stripe's events in the orders domain's terms; everything else is acknowledged and ignored. */
function translate(event: Stripe.Event): PaymentEvent {
  const base = { provider: 'stripe' as const, eventId: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      const orderNumber = s.client_reference_id ?? s.metadata?.order_number ?? null;
      const paymentId = typeof s.payment_intent === 'string' ? s.payment_intent : (s.payment_intent?.id ?? null);
      // A completed checkout paid by a bank debit is still unpaid: its money comes with async_payment_succeeded.
      if (event.type === 'checkout.session.completed' && s.payment_status === 'unpaid') {
        return { ...base, kind: 'awaiting_payment', orderNumber, sessionId: s.id, paymentId };
      }
      return { ...base, kind: 'paid', orderNumber, sessionId: s.id, paymentId, amountCents: s.amount_total ?? -1, currency: s.currency ?? '' };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!paymentId) return { ...base, kind: 'ignored' };
      return { ...base, kind: 'refunded', paymentId, fully: charge.refunded };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}
