import type { components } from '../../../api/schema.gen';
import { MESSAGES } from '../../../api/contract';

export type GameSeason = components['schemas']['GameSeason'];
export type GameCastaway = components['schemas']['GameCastaway'];
export type GameCouncil = components['schemas']['GameCouncil'];
export type GameVote = GameCouncil['votes'][number];
export type GameAdvantage = components['schemas']['GameAdvantage'];
export type GamePhase = components['schemas']['GamePhase'];
export type GameShield = components['schemas']['GameShield'];

export const GAME_ERROR = MESSAGES.gameFailed;

export { useSeasonGame } from '../../../api/seasonGame';
