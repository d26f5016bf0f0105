import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import {
  APKG_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_BYTES,
  type ExportFormat,
  flashcardMediaUrl,
  type ImportFormat,
  type ImportResult,
} from '@portal/shared/flashcards-import';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../files/blob-store.ts';
import type { FlashcardsRepository } from './flashcards.repository.ts';
import { cardOrdinals } from './flashcards.service.ts';
import { extensionOf, IMAGE_TYPES } from './flashcards-anki.ts';
import { badFile, type ExportNote, type ParsedImport, readApkg, writeApkg } from './flashcards-apkg.ts';
import { readDelimited, writeCsv } from './flashcards-csv.ts';
import type { FlashcardsImportRepository } from './flashcards-import.repository.ts';

const mediaKey = (name: string) => `flashcards/${name}`;
const MEDIA_LINK = /\/api\/flashcards\/media\/([0-9a-f-]{36}\.(?:png|jpe?g|gif|webp))/g;
const fileNameFor = (deckName: string, extension: string) =>
  `${deckName.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'deck'}.${extension}`;

type ImportDeps = {
  repository: FlashcardsRepository;
  importRepository: FlashcardsImportRepository;
  blobStore: BlobStore;
};

/** The notes and images of an uploaded file: an Anki package, or UTF-8 CSV/TSV of at most 5 MB. */
async function parseImport(format: ImportFormat, body: Buffer): Promise<ParsedImport> {
  if (body.length === 0) throw badFile('The file is empty.');
  if (format === 'apkg') return readApkg(body);
  if (body.length > CSV_IMPORT_MAX_BYTES) {
    throw new AppError('payload_too_large', `A ${format.toUpperCase()} file may be at most 5 MB.`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw badFile('This file is not UTF-8 text.');
  }
  return readDelimited(text, format === 'tsv' ? 'tsv' : 'csv');
}

/** Stores the images, then adds the notes in one transaction; images stored for a failed import are removed. */
async function storeImport(
  { repository, importRepository, blobStore }: ImportDeps,
  { userId, deckId, parsed }: { userId: string; deckId: string; parsed: ParsedImport },
) {
  const stored: string[] = [];
  try {
    for (const item of parsed.media) {
      await blobStore.put(mediaKey(item.name), Readable.from(item.bytes));
      stored.push(mediaKey(item.name));
    }
    await repository.transaction((tx) =>
      importRepository.insertNotes(
        tx,
        { userId, deckId },
        parsed.notes.map((note) => ({ ...note, ordinals: cardOrdinals(note.front) })),
        new Date(),
      ),
    );
  } catch (error) {
    await Promise.all(stored.map((key) => blobStore.delete(key)));
    throw error;
  }
}

/** The stored images the notes show, by the URL their Markdown uses; an image no longer stored is left out. */
async function exportMedia(blobStore: BlobStore, notes: ExportNote[]) {
  const media = new Map<string, { fileName: string; bytes: Buffer }>();
  for (const note of notes) {
    for (const [url, name] of `${note.front}\n${note.back}`.matchAll(MEDIA_LINK)) {
      if (!name || media.has(url)) continue;
      const bytes = await blobStore
        .get(mediaKey(name))
        .then(readAll)
        .catch(() => null);
      if (bytes) media.set(url, { fileName: name, bytes });
    }
  }
  return media;
}

/** Imports into and exports from the learner's own decks. */
function createDeckFiles(deps: ImportDeps) {
  const { repository, importRepository, blobStore } = deps;
  const requireOwnDeck = async (userId: string, deckId: string) => {
    const deck = await repository.findDeck(userId, deckId);
    if (!deck) throw new AppError('not_found', 'Deck not found.');
    return deck;
  };

  return {
    async importInto(
      userId: string,
      deckId: string,
      { format, dryRun }: { format: ImportFormat; dryRun: boolean },
      body: Buffer,
    ): Promise<ImportResult> {
      await requireOwnDeck(userId, deckId);
      const parsed = await parseImport(format, body);
      if (parsed.notes.length === 0) throw badFile('This file holds no cards that can be imported.');
      const counts = { found: parsed.notes.length, skipped: parsed.skipped, media: parsed.media.length };
      if (dryRun) return { ...counts, imported: 0, dry_run: true };
      await storeImport(deps, { userId, deckId, parsed });
      return { ...counts, imported: parsed.notes.length, dry_run: false };
    },

    async exportDeck(userId: string, deckId: string, format: ExportFormat) {
      const deck = await requireOwnDeck(userId, deckId);
      const notes = await importRepository.deckNotes(userId, deckId);
      if (format === 'csv') {
        return {
          fileName: fileNameFor(deck.name, 'csv'),
          contentType: 'text/csv; charset=utf-8',
          body: writeCsv(notes),
        };
      }
      const media = await exportMedia(blobStore, notes);
      const body = await writeApkg({ deckName: deck.name, notes, media });
      return { fileName: fileNameFor(deck.name, 'apkg'), contentType: 'application/octet-stream', body };
    },
  };
}

/** The imported images cards show. */
function createCardImages({ importRepository, blobStore }: ImportDeps) {
  return {
    /** An imported image, only for a learner whose cards show it; anyone else is told it does not exist. */
    async media(userId: string, name: string) {
      if (!(await importRepository.hasCardShowing(userId, flashcardMediaUrl(name)))) {
        throw new AppError('not_found', 'Image not found.');
      }
      const stream = await blobStore.get(mediaKey(name));
      return { stream, contentType: IMAGE_TYPES[extensionOf(name)] ?? 'application/octet-stream' };
    },

    /**
     * Account deletion: the images the learner's own notes show, looked up while the notes exist; the answer removes
     * those no remaining note shows, once the account's rows are gone.
     */
    async imagesToErase(userId: string) {
      const names = new Set<string>();
      for (const text of await importRepository.ownTextsShowingMedia(userId)) {
        for (const match of text.matchAll(MEDIA_LINK)) if (match[1]) names.add(match[1]);
      }
      if (names.size === 0) return undefined;
      return async () => {
        for (const name of names) {
          if (!(await importRepository.anyNoteShowing(flashcardMediaUrl(name)))) await blobStore.delete(mediaKey(name));
        }
      };
    },
  };
}

/** Cards in and out of a deck: CSV/TSV and Anki packages; an import adds everything or nothing. */
export function createFlashcardsImportService(deps: ImportDeps) {
  return {
    maxBytes: APKG_IMPORT_MAX_BYTES,
    ...createDeckFiles(deps),
    ...createCardImages(deps),
    mediaUrl: flashcardMediaUrl,
  };
}
export type FlashcardsImportService = ReturnType<typeof createFlashcardsImportService>;
