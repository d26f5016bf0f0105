export { auditEvents } from '../modules/audit/audit.table.ts';
export { accounts, sessions, twoFactors, users, verifications } from '../modules/auth/auth.table.ts';
export { userRoles } from '../modules/auth/roles.table.ts';
export { userConsent } from '../modules/consent/consent.table.ts';
export { domainEvents } from '../modules/events/domain-events.table.ts';
export { mailOutbox } from '../modules/mail/mail.table.ts';
export { profiles } from '../modules/profile/profile.table.ts';
export { subscriptions } from '../modules/subscription/subscription.table.ts';
