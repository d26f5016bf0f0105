import type { CreateRoundBody, FinishRoundBody } from '@portal/shared/games';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { finishRound } from '../api/finish-round';
import { GAMES_KEY } from '../api/keys';
import { startRound } from '../api/start-round';
import { createSampleEngine, type GameEngine, SAMPLE_IDS } from './sample-round';

/** Rounds on the learner's own content from the server, or (signed out) rounds of the sample set in the browser. */
export function useGameEngine(own: boolean): GameEngine {
  const { t, i18n } = useTranslation('games');
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the sample set is rebuilt when the language changes
  return useMemo(() => {
    if (own) {
      return {
        start: (body: CreateRoundBody) => startRound(body),
        finish: async (roundId: string, body: FinishRoundBody) => {
          const result = await finishRound(roundId, body);
          await queryClient.invalidateQueries({ queryKey: GAMES_KEY });
          return result;
        },
      };
    }
    return createSampleEngine(
      SAMPLE_IDS.map((id) => ({
        id,
        prompt: t(`sample.${id}.prompt`),
        answer: t(`sample.${id}.answer`),
        origin: { kind: 'sample' as const },
      })),
    );
  }, [own, queryClient, t, i18n.language]);
}
