import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services.ts';

/** Where Stripe sends its events; the operator enters {PUBLIC_URL}/webhooks/stripe in the Stripe dashboard. */
export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/**
 * Payment provider webhooks, in a plugin scope of their own: here a JSON body arrives as the raw
 * bytes, because a signature is computed over exactly what the provider sent and a parsed and
 * re-serialised body would not verify. Everywhere else JSON is parsed as usual. Not an API
 * operation (no OpenAPI entry, no MCP tool): the provider, not a client, calls it.
 */
export async function paymentWebhooks(app: FastifyInstance, opts: { services: Services }) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(STRIPE_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const { outcome, order } = await opts.services.orders.receiveWebhook('stripe', raw, typeof signature === 'string' ? signature : undefined);
    request.log.info({ outcome, order }, 'stripe webhook');
    // 200 for every verified event, a repeated or an ignored one too: Stripe retries anything else.
    return reply.code(200).send({ received: true, outcome });
  });
}
