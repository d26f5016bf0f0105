import type { Coupon, CreateCouponBody } from '@portal/shared/coupons';
import { AppError } from '../../errors.ts';
import type { CouponRow } from './coupons.repository.ts';
import type { CouponsDeps } from './coupons-redemption.ts';

export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent_off: row.percentOff,
    free_tier: row.freeTier,
    free_days: row.freeDays,
    applies_to: row.appliesTo as Coupon['applies_to'],
    max_redemptions: row.maxRedemptions,
    redemption_count: row.redemptionCount,
    expires_at: row.expiresAt?.toISOString() ?? null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function newCouponOf(adminId: string, body: CreateCouponBody) {
  return {
    code: body.code,
    kind: body.kind,
    percentOff: body.kind === 'percent_off' ? body.percentOff : null,
    freeTier: body.kind === 'free_access' ? body.freeTier : null,
    freeDays: body.kind === 'free_access' ? body.freeDays : null,
    appliesTo: body.kind === 'free_access' && body.freeTier ? [body.freeTier] : body.appliesTo,
    maxRedemptions: body.maxRedemptions,
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
    createdBy: adminId,
  };
}

/** The admin's side: making, listing and disabling coupons. */
export function createCouponAdmin({ repository, auditService, now }: CouponsDeps) {
  return {
    async create(adminId: string, body: CreateCouponBody) {
      const row = await repository.insert(newCouponOf(adminId, body));
      if (!row) throw new AppError('conflict', 'A coupon with this code exists already.');
      await auditService.recordAuditEvent({
        userId: adminId,
        action: 'coupon.created',
        tableName: 'coupons',
        recordId: row.id,
        newValues: { ...toCoupon(row) },
        legalBasis: 'legitimate_interest',
        purpose: 'subscription billing',
      });
      return toCoupon(row);
    },

    async list() {
      return { coupons: (await repository.list()).map(toCoupon) };
    },

    async disable(adminId: string, couponId: string) {
      const row = await repository.disable(couponId, now());
      if (!row) throw new AppError('not_found', 'There is no such coupon.');
      await auditService.recordAuditEvent({
        userId: adminId,
        action: 'coupon.disabled',
        tableName: 'coupons',
        recordId: row.id,
        newValues: { code: row.code, disabled_at: row.disabledAt?.toISOString() ?? null },
        legalBasis: 'legitimate_interest',
        purpose: 'subscription billing',
      });
      return toCoupon(row);
    },
  };
}
