import { createSeatAccess, createSeatPlanMembers } from './seats-access.ts';
import { createSeatInvitations } from './seats-invitations.ts';
import { createSeatMembership } from './seats-membership.ts';
import { createSeatNotices, type SeatsDeps } from './seats-notices.ts';

/** The shared "us" plan: the owner's seats and invitations, members joining and leaving, and their access. */
export function createSeatsService({ now = () => new Date(), ...deps }: Omit<SeatsDeps, 'now'> & { now?: () => Date }) {
  const all: SeatsDeps = { ...deps, now };
  const notices = createSeatNotices(all);
  const access = createSeatAccess(all, notices);
  const { planChanged, planMembersOf, ownerNameOfMember } = createSeatPlanMembers(all, access);
  const { invite, resend, release } = createSeatInvitations(all, notices, access);
  const { accept, leave } = createSeatMembership(all, notices, access);
  return {
    statusOf: access.statusOf,
    planChanged,
    planMembersOf,
    ownerNameOfMember,
    overview: access.overview,
    invite,
    resend,
    release,
    accept,
    leave,
  };
}
export type SeatsService = ReturnType<typeof createSeatsService>;
