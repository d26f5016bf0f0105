import {
  createLivePollBodySchema,
  enterLiveRoomBodySchema,
  handOverLiveHostBodySchema,
  leaveLiveRoomBodySchema,
  liveAttendanceSchema,
  liveChatMessageSchema,
  liveChatPageQuerySchema,
  liveChatPageSchema,
  liveHandBodySchema,
  liveRoomLobbySchema,
  liveRoomMessageParamsSchema,
  liveRoomParamsSchema,
  liveRoomStateSchema,
  liveRoomUserParamsSchema,
  liveTimerBodySchema,
  muteLiveParticipantBodySchema,
  sendLiveChatBodySchema,
  voteLivePollBodySchema,
} from '@portal/shared/live-room';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvAttachment } from '../../csv.ts';
import type { RouteApp } from '../../route-app.ts';
import type { LiveRoomService } from './live-room.service.ts';
import type { RoomViewer } from './live-room-access.ts';
import type { LiveRoomChatService } from './live-room-chat.service.ts';

const member = { role: 'user', feature: 'live_hub' } as const;
const tags = ['live-room'];
const base = '/api/live-room/sessions/:sessionId';

const state = { 200: liveRoomStateSchema };
const done = { 204: z.null() };
const route = <Extra extends object>(summary: string, extra: Extra) => ({
  config: { access: member },
  schema: { tags, summary, params: liveRoomParamsSchema, ...extra },
});

const viewerOf = async (request: FastifyRequest): Promise<RoomViewer> => ({
  id: request.auth().user.id,
  role: await request.role(),
});

/** The lobby, entering (and the heartbeat), leaving and the room's state. */
function registerRoomPresenceRoutes(app: RouteApp, roomService: LiveRoomService) {
  app.get(
    `${base}`,
    route('The room before entering: when it opens and whether it is open', { response: { 200: liveRoomLobbySchema } }),
    async (request) => roomService.lobby(await viewerOf(request), request.params.sessionId),
  );
  app.post(
    `${base}/enter`,
    route('Enter the room, or keep being present (heartbeat every 15 s); `claim` moves my call to this tab', {
      body: enterLiveRoomBodySchema,
      response: state,
    }),
    async (request) =>
      roomService.enter(await viewerOf(request), request.params.sessionId, {
        tab: request.body?.tab ?? null,
        claim: request.body?.claim ?? false,
      }),
  );
  app.post(
    `${base}/leave`,
    route('Leave the room (from the tab holding my call)', { body: leaveLiveRoomBodySchema, response: done }),
    async (request, reply) => {
      await roomService.leave(await viewerOf(request), request.params.sessionId, {
        tab: request.body?.tab ?? null,
        othersOpen: request.body?.others_open ?? false,
      });
      return reply.code(204).send(null);
    },
  );
  app.get(`${base}/state`, route('Who is here, raised hands, timer and poll', { response: state }), async (request) =>
    roomService.state(await viewerOf(request), request.params.sessionId),
  );
}

/** Raising one's own hand and the host lowering someone's. */
function registerRoomHandRoutes(app: RouteApp, roomService: LiveRoomService) {
  app.put(
    `${base}/hand`,
    route('Raise or lower my hand', { body: liveHandBodySchema, response: state }),
    async (request) => roomService.setOwnHand(await viewerOf(request), request.params.sessionId, request.body.raised),
  );
  app.delete(
    `${base}/hands/:userId`,
    {
      config: { access: member },
      schema: { tags, summary: "The host lowers someone's hand", params: liveRoomUserParamsSchema, response: state },
    },
    async (request) =>
      roomService.lowerHandOf(await viewerOf(request), request.params.sessionId, request.params.userId),
  );
}

/** The host's mute, the shared timer and hand-over. */
function registerRoomHostRoutes(app: RouteApp, roomService: LiveRoomService) {
  app.put(
    `${base}/participants/:userId/mute`,
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'The host mutes or unmutes someone in the chat',
        params: liveRoomUserParamsSchema,
        body: muteLiveParticipantBodySchema,
        response: state,
      },
    },
    async (request) =>
      roomService.setMuted(
        await viewerOf(request),
        request.params.sessionId,
        request.params.userId,
        request.body.muted,
      ),
  );
  app.post(
    `${base}/timer`,
    route('The host starts, pauses, resumes or resets the shared timer', {
      body: liveTimerBodySchema,
      response: state,
    }),
    async (request) => roomService.runTimer(await viewerOf(request), request.params.sessionId, request.body),
  );
  app.post(
    `${base}/host`,
    route('The host passes the host role to someone in the room', {
      body: handOverLiveHostBodySchema,
      response: state,
    }),
    async (request) => roomService.handOver(await viewerOf(request), request.params.sessionId, request.body.user_id),
  );
}

function registerRoomChatRoutes(app: RouteApp, chatService: LiveRoomChatService) {
  app.get(
    `${base}/messages`,
    route('Chat history, newest page first (messages oldest first within it)', {
      querystring: liveChatPageQuerySchema,
      response: { 200: liveChatPageSchema },
    }),
    async (request) => chatService.history(await viewerOf(request), request.params.sessionId, request.query),
  );
  app.post(
    `${base}/messages`,
    route('Send a chat message', { body: sendLiveChatBodySchema, response: { 200: liveChatMessageSchema } }),
    async (request) => chatService.send(await viewerOf(request), request.params.sessionId, request.body.body),
  );
  app.delete(
    `${base}/messages/:messageId`,
    {
      config: { access: member },
      schema: {
        tags,
        summary: 'The host deletes a message for everyone',
        params: liveRoomMessageParamsSchema,
        response: done,
      },
    },
    async (request, reply) => {
      await chatService.remove(await viewerOf(request), request.params.sessionId, request.params.messageId);
      return reply.code(204).send(null);
    },
  );
}

function registerRoomPollRoutes(app: RouteApp, chatService: LiveRoomChatService) {
  app.post(
    `${base}/poll`,
    route('The host opens a poll (2 to 6 options)', { body: createLivePollBodySchema, response: done }),
    async (request, reply) => {
      await chatService.createPoll(await viewerOf(request), request.params.sessionId, request.body);
      return reply.code(204).send(null);
    },
  );
  app.put(
    `${base}/poll/vote`,
    route('Vote in the open poll (voting again changes the vote)', { body: voteLivePollBodySchema, response: done }),
    async (request, reply) => {
      await chatService.vote(await viewerOf(request), request.params.sessionId, request.body.option);
      return reply.code(204).send(null);
    },
  );
  app.post(`${base}/poll/close`, route('The host closes the poll', { response: done }), async (request, reply) => {
    await chatService.closePoll(await viewerOf(request), request.params.sessionId);
    return reply.code(204).send(null);
  });
}

function registerRoomAttendanceRoutes(app: RouteApp, roomService: LiveRoomService) {
  app.get(
    `${base}/attendance`,
    route('Attendance: first joined, last left and minutes per person', { response: { 200: liveAttendanceSchema } }),
    async (request) => {
      const { attendees } = await roomService.attendance(await viewerOf(request), request.params.sessionId);
      return { attendees };
    },
  );
  app.get(`${base}/attendance.csv`, route('Attendance as CSV', { produces: ['text/csv'] }), async (request, reply) => {
    const { title, attendees } = await roomService.attendance(await viewerOf(request), request.params.sessionId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', csvAttachment(title, 'attendance'))
      .send(roomService.attendanceCsv(attendees));
  });
}

export const liveRoomRoutes: FastifyPluginAsyncZod<{
  roomService: LiveRoomService;
  chatService: LiveRoomChatService;
}> = async (app, { roomService, chatService }) => {
  registerRoomPresenceRoutes(app, roomService);
  registerRoomHandRoutes(app, roomService);
  registerRoomHostRoutes(app, roomService);
  registerRoomChatRoutes(app, chatService);
  registerRoomPollRoutes(app, chatService);
  registerRoomAttendanceRoutes(app, roomService);
};
