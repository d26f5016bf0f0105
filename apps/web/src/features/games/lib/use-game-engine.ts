import type { CreateRoundBody, FinishRoundBody } from '@portal/shared/games';
import { samplePool } from '@portal/shared/games-sample';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { finishRound } from '../api/finish-round';
import { GAMES_KEY } from '../api/keys';
import { startRound } from '../api/start-round';
import { createSampleEngine, type GameEngine } from './sample-round';
import { useSampleLanguage } from './use-sample-language';

/** Rounds from the server (any source, the sample set included), or (signed out) sample rounds in the browser. */
export function useGameEngine(own: boolean): GameEngine {
  const language = useSampleLanguage();
  const queryClient = useQueryClient();
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
    return createSampleEngine(samplePool(language));
  }, [own, queryClient, language]);
}
