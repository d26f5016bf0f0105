import type { FlashcardsProposal, GoalProposal, Proposal } from '@portal/shared/coach';
import { type CreateGoalBody, createGoalBodySchema } from '@portal/shared/goals';
import { AppError } from '../../errors.ts';
import type { CoachRepository } from './coach.repository.ts';
import { presentMessage } from './coach.service.ts';

/** Where confirmed proposals are written: the flashcards and goals services, always for the signed-in learner. */
export type ProposalWriters = {
  createFlashcards: (userId: string, proposal: FlashcardsProposal) => Promise<void>;
  addGoal: (userId: string, goal: CreateGoalBody) => Promise<void>;
};

const proposalNotFound = () => new AppError('not_found', 'Suggestion not found.');

function goalBody(goal: GoalProposal): unknown {
  const base = { kind: goal.kind, title: goal.title };
  if (goal.kind === 'study_minutes_weekly') return { ...base, target_minutes: goal.target_minutes };
  if (goal.kind === 'xp_weekly') return { ...base, target_xp: goal.target_xp };
  return { ...base, items: goal.items };
}

/** Tool calls of the coach wait as proposals; only the learner's Confirm writes one, and only once. */
export function createCoachProposalsService({
  repository,
  writers,
}: {
  repository: CoachRepository;
  writers: ProposalWriters;
}) {
  async function settle(userId: string, messageId: string, proposalId: string, confirm: boolean) {
    const message = await repository.findMessage(userId, messageId);
    const proposal = message?.proposals.find((candidate) => candidate.id === proposalId);
    if (!message || !proposal) throw proposalNotFound();
    if (proposal.status !== 'pending') {
      throw new AppError('conflict', `This suggestion was already ${proposal.status}.`);
    }
    const proposals = message.proposals.map((candidate) =>
      candidate.id === proposalId
        ? ({ ...candidate, status: confirm ? 'confirmed' : 'dismissed' } as Proposal)
        : candidate,
    );
    // Settled first, so a second Confirm finds nothing pending; put back if the write is refused.
    const updated = await repository.swapProposals(userId, messageId, message.proposals, proposals);
    if (!updated) throw new AppError('conflict', 'This suggestion was just settled.');
    if (confirm) {
      try {
        await write(userId, proposal);
      } catch (error) {
        await repository.swapProposals(userId, messageId, proposals, message.proposals);
        throw error;
      }
    }
    return presentMessage(updated);
  }

  async function write(userId: string, proposal: Proposal) {
    if (proposal.kind === 'create_flashcards') {
      await writers.createFlashcards(userId, proposal.flashcards);
      return;
    }
    const body = createGoalBodySchema.safeParse(goalBody(proposal.goal));
    if (!body.success) throw new AppError('validation_failed', 'This goal suggestion is incomplete; add it yourself.');
    await writers.addGoal(userId, body.data);
  }

  return {
    confirm: (userId: string, messageId: string, proposalId: string) => settle(userId, messageId, proposalId, true),
    dismiss: (userId: string, messageId: string, proposalId: string) => settle(userId, messageId, proposalId, false),
  };
}
export type CoachProposalsService = ReturnType<typeof createCoachProposalsService>;
