import type { CreateRoundBody, GameRound } from '@portal/shared/games';
import { api } from '@/lib/api';

/** The server draws the round and keeps its answers; the learner gets the prompts. */
export const startRound = (body: CreateRoundBody) => api.post<GameRound>('/api/games/rounds', body);
