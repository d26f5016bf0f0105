import type { IceServer } from '@portal/shared/live-room';
import type { ServerMessage } from '@portal/shared/realtime';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { DomainEvents } from '../events/domain-events.ts';
import { createLiveRoomRepository } from './live-room.repository.ts';
import { liveRoomRoutes } from './live-room.routes.ts';
import { createLiveRoomService } from './live-room.service.ts';
import { createRoomAccess } from './live-room-access.ts';
import { createLiveRoomChatRepository } from './live-room-chat.repository.ts';
import { createLiveRoomChatService } from './live-room-chat.service.ts';

/**
 * The live room: presence, chat, hands, timer, poll, hand-over and attendance. Every change is pushed to each person
 * present through `publishToUser` (presence is in the database, so every instance knows who is in the room), and
 * WebRTC signals arriving on any socket are forwarded the same way.
 */
export async function registerLiveRoom(
  app: FastifyInstance,
  {
    db,
    domainEvents,
    iceServers,
    now,
  }: { db: Db; domainEvents: DomainEvents; iceServers: IceServer[]; now: () => Date },
) {
  const publish = (userId: string, message: ServerMessage) =>
    app.realtime.publishToUser(userId, message).catch((error: unknown) => {
      app.log.warn({ err: error, type: message.type }, 'live room change not pushed');
    });
  const repository = createLiveRoomRepository({ db });
  const chatRepository = createLiveRoomChatRepository({ db });
  const access = createRoomAccess({ repository, publish, now });
  const roomService = createLiveRoomService({ repository, chatRepository, access, domainEvents, iceServers, now });
  const chatService = createLiveRoomChatService({ chatRepository, access, publish, now });
  app.realtime.onClientMessage('live_signal', async (userId, message) => {
    await chatService.forwardSignal(userId, message);
  });
  await app.register(liveRoomRoutes, { roomService, chatService });
  return { roomService, chatService };
}
