/**
 * Importing cards into a deck and exporting a deck.
 *
 *   POST /api/flashcards/decks/:deckId/import?format=csv|tsv|apkg&dry_run=  raw file body -> importResultSchema
 *        (dry_run: only counts what would be imported; a bad file answers 400 and imports nothing)
 *   GET  /api/flashcards/decks/:deckId/export?format=csv|apkg                 -> the file (attachment)
 *   GET  /api/flashcards/media/:name                                          -> an image a card shows
 *
 * CSV/TSV columns: front, back, tags (space separated); a first row `front,back,...` is a header and skipped.
 * .apkg: an Anki package (legacy collection.anki2 / collection.anki21 with its media), Basic and Cloze notes.
 */
import { z } from 'zod';

export const IMPORT_FORMATS = ['csv', 'tsv', 'apkg'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export const EXPORT_FORMATS = ['csv', 'apkg'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Largest CSV/TSV file accepted. */
export const CSV_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Largest .apkg accepted. */
export const APKG_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Most notes one import may add. */
export const IMPORT_NOTES_MAX = 5000;
/** Largest image a card may carry. */
export const IMPORT_MEDIA_MAX_BYTES = 5 * 1024 * 1024;

export const importQuerySchema = z
  .object({
    format: z.enum(IMPORT_FORMATS),
    dry_run: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
  })
  .strict();
export type ImportQuery = z.input<typeof importQuerySchema>;

export const importResultSchema = z.object({
  /** Notes found in the file that make cards. */
  found: z.number().int(),
  /** Notes added (0 on a dry run). */
  imported: z.number().int(),
  /** Notes of the file that make no card here (an empty side, an unknown note type). */
  skipped: z.number().int(),
  /** Images stored for the cards. */
  media: z.number().int(),
  dry_run: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS) }).strict();
export const mediaParamsSchema = z.object({ name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpe?g|gif|webp)$/) });

/** Where the web fetches an imported image. */
export const flashcardMediaUrl = (name: string) => `/api/flashcards/media/${name}`;
