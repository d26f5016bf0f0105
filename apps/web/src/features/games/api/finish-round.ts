import type { FinishRoundBody, RoundResult } from '@portal/shared/games';
import { api } from '@/lib/api';

/** The server grades the answers once; XP follows from its own event, never from this call's numbers. */
export const finishRound = (roundId: string, body: FinishRoundBody) =>
  api.post<RoundResult>(`/api/games/rounds/${roundId}/finish`, body);
