import { checkoutSessionParamsSchema } from '@portal/shared/billing';
import {
  couponListSchema,
  couponParamsSchema,
  couponSchema,
  createCouponBodySchema,
  redeemCouponBodySchema,
  redeemCouponResultSchema,
  sessionCouponSchema,
} from '@portal/shared/coupons';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../route-app.ts';
import { requestLanguage } from '../auth/request-language.ts';
import type { CouponsService } from './coupons.service.ts';

const admin = { role: 'admin', feature: null } as const;
const user = { role: 'user', feature: null } as const;

/** The admin's coupon list, and making and disabling coupons. */
function registerCouponAdminRoutes(app: RouteApp, couponsService: CouponsService) {
  app.get(
    '/api/admin/coupons',
    {
      config: { access: admin },
      schema: { tags: ['coupons'], summary: 'Every coupon, newest first', response: { 200: couponListSchema } },
    },
    async () => couponsService.list(),
  );

  app.post(
    '/api/admin/coupons',
    {
      config: { access: admin },
      schema: {
        tags: ['coupons'],
        summary: 'Create a coupon: percent off, or free access to a tier for some days',
        body: createCouponBodySchema,
        response: { 200: couponSchema },
      },
    },
    async (request) => couponsService.create(request.auth().user.id, request.body),
  );

  app.post(
    '/api/admin/coupons/:couponId/disable',
    {
      config: { access: admin },
      schema: {
        tags: ['coupons'],
        summary: 'Disable a coupon; uses already made stay',
        params: couponParamsSchema,
        response: { 200: couponSchema },
      },
    },
    async (request) => couponsService.disable(request.auth().user.id, request.params.couponId),
  );
}

/** The learner's free-access redemption, and the coupon of a checkout session. */
function registerCouponLearnerRoutes(app: RouteApp, couponsService: CouponsService) {
  app.post(
    '/api/subscription/redeem-coupon',
    {
      config: { access: user },
      schema: {
        tags: ['coupons'],
        summary: 'Redeem a free-access coupon code; its plan starts at once',
        body: redeemCouponBodySchema,
        response: { 200: redeemCouponResultSchema },
      },
    },
    async (request) =>
      couponsService.redeemCode(request.auth().user.id, request.body.couponCode, requestLanguage(request.headers)),
  );

  app.get(
    '/api/billing/sessions/:sessionId/coupon',
    {
      config: { access: user },
      schema: {
        tags: ['coupons'],
        summary: 'The coupon applied to the user’s checkout session and the price before it',
        params: checkoutSessionParamsSchema,
        response: { 200: sessionCouponSchema },
      },
    },
    async (request) => couponsService.couponOfSession(request.auth().user.id, request.params.sessionId),
  );
}

export const couponsRoutes: FastifyPluginAsyncZod<{ couponsService: CouponsService }> = async (
  app,
  { couponsService },
) => {
  registerCouponAdminRoutes(app, couponsService);
  registerCouponLearnerRoutes(app, couponsService);
};
