import type { PaymentProvider } from './provider.ts';
import type { StripeSettings } from './stripe-provider.ts';
import { testPayments } from './test-provider.ts';

/**
 * Stripe when its keys are configured, test mode otherwise. There is no switch for test mode: it
 * is what an installation without Stripe keys has, so a server with keys can never take a test
 * payment (config.ts refuses one key without the other).
 */
export async function paymentProviderFor(stripe: StripeSettings | undefined): Promise<PaymentProvider> {
  if (!stripe) return testPayments;
  // Stripe's client is 200 modules: loaded only by an installation that takes payments with it.
  const { stripePayments } = await import('./stripe-provider.ts');
  return stripePayments(stripe);
}
