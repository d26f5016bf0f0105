import { AppError } from '../../errors.ts';

export const liveSessionNotFound = () => new AppError('not_found', 'This live session does not exist.');
export const notAMember = () =>
  new AppError('not_a_member', 'Only the host and people who said they are going can enter this room.');
/** `reason` is when the room opens (ISO time), or 'closed' / 'cancelled'. */
export const roomNotOpen = (reason: string) =>
  new AppError('room_not_open', 'This room is not open now.', { reasons: [reason] });
export const notPresent = () => new AppError('conflict', 'Enter the room first.');
export const notModerator = () => new AppError('forbidden', 'Only the host can do this.');
export const chatMuted = () => new AppError('chat_muted', 'The host muted you in this chat.');
export const chatRateLimited = () =>
  new AppError('rate_limited', 'You are sending messages too fast. Wait a few seconds.');
export const messageNotFound = () => new AppError('not_found', 'This message does not exist.');
export const participantNotFound = () => new AppError('not_found', 'This person has not been in the room.');
export const timerConflict = (message: string) => new AppError('conflict', message);
export const pollConflict = (message: string) => new AppError('conflict', message);
export const badPollOption = () => new AppError('validation_failed', 'This poll has no such option.');
export const attendanceForbidden = () =>
  new AppError('forbidden', 'Only the host, the session owner and admins see attendance.');
