import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeSettings } from '../config.ts';

export type StripeRequest = { method: string; path: string; params: URLSearchParams };

/** A Stripe subscription object with the fields the portal reads. */
export function stripeSubscription({
  id,
  customer,
  status = 'active',
  price,
  periodStart,
  periodEnd,
  cancelAtPeriodEnd = false,
  metadata,
}: {
  id: string;
  customer: string;
  status?: string;
  price: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  metadata: Record<string, string>;
}) {
  return {
    id,
    object: 'subscription',
    customer,
    status,
    cancel_at_period_end: cancelAtPeriodEnd,
    metadata,
    schedule: null,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          price: { id: price, object: 'price' },
          current_period_start: Math.floor(periodStart.getTime() / 1000),
          current_period_end: Math.floor(periodEnd.getTime() / 1000),
        },
      ],
    },
  };
}
export type StripeSubscriptionObject = ReturnType<typeof stripeSubscription>;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

type ImitationState = {
  subscriptions: Map<string, StripeSubscriptionObject>;
  /** Each Checkout Session's status: open until it is expired (or a test marks it otherwise). */
  checkoutSessions: Map<string, 'open' | 'complete' | 'expired'>;
  outage: { expire: boolean };
  requests: StripeRequest[];
  counter: number;
};

/** Settings that point the app's Stripe SDK at the imitation listening on `port`. */
function imitationSettings(port: number): StripeSettings {
  return {
    secretKey: 'sk_test_portal',
    webhookSecret: 'whsec_portal_test_secret',
    prices: {
      me: { month: 'price_me_month', year: 'price_me_year' },
      us: { month: 'price_us_month', year: 'price_us_year' },
      universal: { month: 'price_universal_month', year: 'price_universal_year' },
    },
    api: { host: '127.0.0.1', port, protocol: 'http' },
  };
}

const checkoutSessionOf = (id: string, params: URLSearchParams) => ({
  id,
  object: 'checkout.session',
  mode: 'subscription',
  client_reference_id: params.get('client_reference_id'),
  url: `https://checkout.stripe.test/c/pay/${id}`,
});

const portalSessionOf = (id: string, params: URLSearchParams) => ({
  id,
  object: 'billing_portal.session',
  customer: params.get('customer'),
  return_url: params.get('return_url'),
  url: `https://billing.stripe.test/p/session/${id}`,
});

async function answerStripeRequest(state: ImitationState, request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://stripe.test');
  const params = new URLSearchParams(await bodyOf(request));
  state.requests.push({ method: request.method ?? 'GET', path: url.pathname, params });
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++state.counter}` });
    response.end(JSON.stringify(body));
  };
  const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
  if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
    const id = `cs_test_${++state.counter}`;
    state.checkoutSessions.set(id, 'open');
    return answer(200, checkoutSessionOf(id, params));
  }
  const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
  if (request.method === 'POST' && expiring) {
    if (state.outage.expire) return answer(503, { error: { type: 'api_error', message: 'Stripe is unavailable.' } });
    const id = decodeURIComponent(expiring[1] ?? '');
    if (state.checkoutSessions.get(id) !== 'open') {
      const message = `Only Checkout Sessions with a status in ["open"] can be expired (${id}).`;
      return answer(400, { error: { type: 'invalid_request_error', message } });
    }
    state.checkoutSessions.set(id, 'expired');
    return answer(200, { ...checkoutSessionOf(id, params), status: 'expired', url: null });
  }
  if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
    return answer(200, portalSessionOf(`bps_${++state.counter}`, params));
  }
  const subscription = subscriptionPath
    ? state.subscriptions.get(decodeURIComponent(subscriptionPath[1] ?? ''))
    : undefined;
  if (subscriptionPath && !subscription) {
    return answer(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
  }
  if (subscription && request.method === 'GET') return answer(200, subscription);
  if (subscription && request.method === 'POST') {
    const cancel = params.get('cancel_at_period_end');
    if (cancel !== null) subscription.cancel_at_period_end = cancel === 'true';
    return answer(200, subscription);
  }
  return answer(404, {
    error: { type: 'invalid_request_error', message: `Unrecognized request URL (${url.pathname})` },
  });
}

/**
 * A local HTTP server answering the few Stripe API calls the portal makes (Checkout Session created and expired,
 * Customer Portal session, subscription read and update), so the official SDK runs unchanged without a network.
 * Subscriptions are whatever the test stores; every request is recorded. While `outage.expire` is set, expiring a
 * Checkout Session answers 503.
 */
export async function startStripeImitation() {
  const state: ImitationState = {
    subscriptions: new Map(),
    checkoutSessions: new Map(),
    outage: { expire: false },
    requests: [],
    counter: 0,
  };
  const server = createServer((request, response) => answerStripeRequest(state, request, response));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    subscriptions: state.subscriptions,
    checkoutSessions: state.checkoutSessions,
    outage: state.outage,
    requests: state.requests,
    /** Settings that point the app's Stripe SDK at this server. */
    settings(): StripeSettings {
      return imitationSettings(port);
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
export type StripeImitation = Awaited<ReturnType<typeof startStripeImitation>>;
