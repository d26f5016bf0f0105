import type { FlashcardsProposal } from '@portal/shared/coach';
import type { CreateGoalBody } from '@portal/shared/goals';
import type { FastifyInstance } from 'fastify';
import type { CoachSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createCoachRepository } from './coach.repository.ts';
import { coachRoutes } from './coach.routes.ts';
import { createCoachService } from './coach.service.ts';
import { createCoachContextRepository } from './coach-context.repository.ts';
import { type CoachSources, createCoachContextService } from './coach-context.service.ts';
import { createGroundedProvider } from './coach-grounded.provider.ts';
import { createOpenAiProvider } from './coach-openai.provider.ts';
import { createCoachProposalsService } from './coach-proposals.service.ts';

type CoachFlashcards = {
  deckNamed: (userId: string, name: string) => Promise<string>;
  addCard: (userId: string, card: { deck_id: string; front: string; back: string; tags: string[] }) => Promise<void>;
};

type CoachDeps = {
  db: Db;
  settings: CoachSettings;
  sources: CoachSources;
  flashcards: CoachFlashcards;
  addGoal: (userId: string, body: CreateGoalBody) => Promise<void>;
  now: () => Date;
};

/** A confirmed flashcards proposal becomes cards tagged `coach` in the deck it names. */
function flashcardsWriter(flashcards: CoachFlashcards) {
  return async function createFlashcards(userId: string, proposal: FlashcardsProposal) {
    const deckId = await flashcards.deckNamed(userId, proposal.deck_name);
    for (const card of proposal.cards) {
      await flashcards.addCard(userId, { deck_id: deckId, front: card.front, back: card.back, tags: ['coach'] });
    }
  };
}

/**
 * The AI study coach: the built-in grounded coach, or an OpenAI-compatible endpoint when one is configured; both
 * answer from the same context of the learner's own data and the course lessons their plan opens.
 */
export async function registerCoach(
  app: FastifyInstance,
  { db, settings, sources, flashcards, addGoal, now }: CoachDeps,
) {
  const repository = createCoachRepository({ db });
  const context = createCoachContextService({ repository: createCoachContextRepository({ db }), sources, now });
  const { openai } = settings;
  const provider = openai ? createOpenAiProvider({ ...settings, openai }) : createGroundedProvider();
  const coachService = createCoachService({
    repository,
    context,
    provider,
    tierOf: sources.tierOf,
    timeZoneOf: sources.timeZoneOf,
    now,
    logError: (error) => app.log.error({ err: error }, 'coach answer failed'),
  });
  const proposalsService = createCoachProposalsService({
    repository,
    writers: { createFlashcards: flashcardsWriter(flashcards), addGoal },
  });
  await app.register(coachRoutes, { coachService, proposalsService });
  return coachService;
}
