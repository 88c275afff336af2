import type { PaymentProvider } from './provider.ts';
import { stripePayments, type StripeSettings } from './stripe-provider.ts';
import { testPayments } from './test-provider.ts';

/**
 * Stripe when its keys are configured, test mode otherwise. There is no switch for test mode: it
 * is what an installation without Stripe keys has, so a server with keys can never take a test
 * payment (config.ts refuses one key without the other).
 */
export const paymentProviderFor = (stripe: StripeSettings | undefined): PaymentProvider => (stripe ? stripePayments(stripe) : testPayments);
