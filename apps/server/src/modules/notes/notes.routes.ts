import {
  createNoteBodySchema,
  noteEnvelopeSchema,
  noteExportQuerySchema,
  noteListQuerySchema,
  noteListSchema,
  noteParamsSchema,
  updateNoteBodySchema,
} from '@portal/shared/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteApp } from '../../route-app.ts';
import { presentNote } from './notes.presenter.ts';
import type { NotesService } from './notes.service.ts';

const access = { role: 'user', feature: 'notes' } as const;
function registerNoteListRoutes(app: RouteApp, notesService: NotesService) {
  app.get(
    '/api/notes',
    {
      config: { access },
      schema: {
        tags: ['notes'],
        summary: "The learner's notes, optionally for one course or lesson, or matching a search",
        querystring: noteListQuerySchema,
        response: { 200: noteListSchema },
      },
    },
    async (request) => {
      const result = await notesService.list(request.auth().user.id, request.query);
      return { notes: result.notes.map(presentNote), truncated: result.truncated };
    },
  );

  app.get(
    '/api/notes/export',
    {
      config: { access },
      schema: {
        tags: ['notes'],
        summary: "Download the learner's notes as one Markdown file",
        querystring: noteExportQuerySchema,
        produces: ['text/markdown'],
      },
    },
    async (request, reply) => {
      const { fileName, markdown } = await notesService.exportMarkdown(request.auth().user.id, request.query);
      return reply
        .header('content-type', 'text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(markdown);
    },
  );
}

function registerNoteWriteRoutes(app: RouteApp, notesService: NotesService) {
  app.post(
    '/api/notes',
    {
      config: { access },
      schema: {
        tags: ['notes'],
        summary: 'Write a note on a lesson, optionally pinned to a video moment or PDF page',
        body: createNoteBodySchema,
        response: { 201: noteEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const note = await notesService.create(request.auth().user.id, request.body, { role: await request.role() });
      return reply.status(201).send({ note: presentNote(note) });
    },
  );

  app.patch(
    '/api/notes/:noteId',
    {
      config: { access },
      schema: {
        tags: ['notes'],
        summary: 'Edit one of the learner’s notes',
        params: noteParamsSchema,
        body: updateNoteBodySchema,
        response: { 200: noteEnvelopeSchema },
      },
    },
    async (request) => ({
      note: presentNote(await notesService.update(request.auth().user.id, request.params.noteId, request.body)),
    }),
  );
}

function registerNoteRemovalRoutes(app: RouteApp, notesService: NotesService) {
  app.delete(
    '/api/notes/:noteId',
    {
      config: { access },
      schema: {
        tags: ['notes'],
        summary: 'Delete one of the learner’s notes',
        params: noteParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await notesService.remove(request.auth().user.id, request.params.noteId);
      return reply.status(204).send(null);
    },
  );
}

export const notesRoutes: FastifyPluginAsyncZod<{ notesService: NotesService }> = async (app, { notesService }) => {
  registerNoteListRoutes(app, notesService);
  registerNoteWriteRoutes(app, notesService);
  registerNoteRemovalRoutes(app, notesService);
};
