import { deckParamsSchema } from '@portal/shared/flashcards';
import {
  exportQuerySchema,
  importQuerySchema,
  importResultSchema,
  mediaParamsSchema,
} from '@portal/shared/flashcards-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import type { RouteApp } from '../../route-app.ts';
import type { FlashcardsImportService } from './flashcards-import.service.ts';

const access = { role: 'user', feature: 'flashcards' } as const;
const tags = ['flashcards'];
const FILE_TYPES = [
  'text/csv',
  'text/tab-separated-values',
  'text/plain',
  'application/zip',
  'application/octet-stream',
  'application/x-zip-compressed',
  'application/apkg',
];

const userIdOf = (request: { auth(): { user: { id: string } } }) => request.auth().user.id;

/** Importing a file, sent as the raw body, into a deck. */
function registerImportRoutes(app: RouteApp, importService: FlashcardsImportService) {
  app.post(
    '/api/flashcards/decks/:deckId/import',
    {
      config: { access },
      bodyLimit: importService.maxBytes,
      schema: {
        tags,
        summary: 'Import a CSV/TSV file or an Anki .apkg into my deck (raw body); all or nothing, or a dry run count',
        params: deckParamsSchema,
        querystring: importQuerySchema,
        response: { 200: importResultSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError('unsupported_media_type', 'Send the file as the raw request body.');
      }
      const { format, dry_run: dryRun } = request.query;
      return importService.importInto(userIdOf(request), request.params.deckId, { format, dryRun }, request.body);
    },
  );
}

/** Downloading a deck, and the images imported cards show. */
function registerExportRoutes(app: RouteApp, importService: FlashcardsImportService) {
  app.get(
    '/api/flashcards/decks/:deckId/export',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Download my deck as CSV or as an Anki .apkg',
        params: deckParamsSchema,
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await importService.exportDeck(userIdOf(request), request.params.deckId, request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/api/flashcards/media/:name',
    {
      config: { access },
      schema: { tags, summary: 'An image shown on an imported card', params: mediaParamsSchema },
    },
    async (request, reply) => {
      const { stream, contentType } = await importService.media(request.auth().user.id, request.params.name);
      return reply
        .header('content-type', contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
}

/** Importing a file into a deck, exporting a deck, and the images imported cards show. */
export const flashcardsImportRoutes: FastifyPluginAsyncZod<{ importService: FlashcardsImportService }> = async (
  app,
  { importService },
) => {
  // Registered in this plugin only, so raw file bodies are taken by these routes alone.
  app.addContentTypeParser(FILE_TYPES, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  registerImportRoutes(app, importService);
  registerExportRoutes(app, importService);
};
