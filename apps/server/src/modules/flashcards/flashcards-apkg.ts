import { createHash, randomUUID } from 'node:crypto';
import { CLOZE_MAX, clozeNumbers, FLASHCARD_TEXT_MAX } from '@portal/shared/flashcards';
import { flashcardMediaUrl, IMPORT_MEDIA_MAX_BYTES, IMPORT_NOTES_MAX } from '@portal/shared/flashcards-import';
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { AppError } from '../../errors.ts';
import {
  ANKI_SCHEMA,
  ankiFieldToMarkdown,
  cleanTags,
  extensionOf,
  FIELD_SEPARATOR,
  IMAGE_TYPES,
  markdownToAnkiField,
} from './flashcards-anki.ts';
import { modernNoteKinds, readMediaEntries, unzstd, withoutAnkiCollation } from './flashcards-anki21b.ts';

export type ImportedNote = { front: string; back: string; tags: string[] };
export type ImportedMedia = { name: string; contentType: string; bytes: Buffer };
export type ParsedImport = { notes: ImportedNote[]; skipped: number; media: ImportedMedia[] };

const ZIP_ENTRIES_MAX = 20_000;
const ZIP_TOTAL_MAX = 400 * 1024 * 1024;

export const badFile = (message: string) => new AppError('bad_request', message);

let sqlJs: Promise<SqlJsStatic> | undefined;
const loadSqlJs = () => {
  sqlJs ??= initSqlJs();
  return sqlJs;
};

/** Whether a note can be a card here; the reason when it cannot. */
export function noteProblem({ front, back }: { front: string; back: string }): string | null {
  if (!front.trim()) return 'a card needs a front';
  if (front.length > FLASHCARD_TEXT_MAX || back.length > FLASHCARD_TEXT_MAX) return 'a side is too long';
  const numbers = clozeNumbers(front);
  if (numbers.some((n) => n < 1 || n > CLOZE_MAX)) return `cloze numbers go from c1 to c${CLOZE_MAX}`;
  if (numbers.length === 0 && !back.trim()) return 'a card needs a back, or a cloze deletion on its front';
  return null;
}

/** The files of a ZIP held in memory, refusing archives that unpack too large or hold too many entries. */
async function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  ).catch(() => {
    throw badFile('This file is not an Anki package (.apkg is a ZIP archive).');
  });
  const files = new Map<string, Buffer>();
  let total = 0;
  return new Promise((resolve, reject) => {
    const fail = (error: AppError) => {
      zip.close();
      reject(error);
    };
    zip.on('entry', (entry: yauzl.Entry) => {
      if (files.size >= ZIP_ENTRIES_MAX) return fail(badFile('This package holds too many files.'));
      total += entry.uncompressedSize;
      if (total > ZIP_TOTAL_MAX) return fail(badFile('This package unpacks to more than we accept.'));
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(badFile('This package is damaged.'));
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', () => fail(badFile('This package is damaged.')));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve(files));
    zip.on('error', () => fail(badFile('This package is damaged.')));
    zip.readEntry();
  });
}

type AnkiModel = { type?: number; name?: string };

/**
 * The collection of a package, and its images' bytes by file name. Current Anki writes `collection.anki21b`
 * (zstd-compressed, with a protobuf media list and zstd-compressed media) next to a placeholder
 * `collection.anki2`; that one is read when present.
 */
function packageParts(files: Map<string, Buffer>) {
  const modern = files.get('collection.anki21b');
  if (modern) {
    const collection = unzstd(modern, ZIP_TOTAL_MAX);
    if (!collection) throw badFile('The collection inside this package cannot be read.');
    const list = unzstd(files.get('media') ?? Buffer.alloc(0), ZIP_TOTAL_MAX);
    let entryOf: Map<string, string>;
    try {
      if (!list) throw new Error('unreadable media list');
      entryOf = readMediaEntries(list);
    } catch {
      throw badFile('The media list of this package cannot be read.');
    }
    const bytesOf = (entry: string) => {
      const stored = files.get(entry);
      return stored && (unzstd(stored, IMPORT_MEDIA_MAX_BYTES) ?? undefined);
    };
    return { collection, modern: true, entryOf, bytesOf };
  }
  const collection = files.get('collection.anki21') ?? files.get('collection.anki2');
  if (!collection) throw badFile('This file holds no Anki collection.');
  let mediaMap: Record<string, string> = {};
  const mediaJson = files.get('media');
  if (mediaJson) {
    try {
      mediaMap = JSON.parse(mediaJson.toString('utf8') || '{}') as Record<string, string>;
    } catch {
      throw badFile('The media list of this package cannot be read.');
    }
  }
  const entryOf = new Map(Object.entries(mediaMap).map(([entry, name]) => [name, entry]));
  return { collection, modern: false, entryOf, bytesOf: (entry: string) => files.get(entry) };
}

/** Whether each note type of a legacy collection (JSON in `col.models`) is a Cloze type, by id. */
function legacyNoteKinds(db: Database): Map<string, { cloze: boolean }> {
  const models = JSON.parse(String(db.exec('select models from col')[0]?.values[0]?.[0] ?? '{}')) as Record<
    string,
    AnkiModel
  >;
  return new Map(Object.entries(models).map(([id, model]) => [id, { cloze: model?.type === 1 }]));
}

/** Reads an Anki package: its Basic and Cloze notes as Markdown cards, and the images they show. */
export async function readApkg(buffer: Buffer): Promise<ParsedImport> {
  const { collection, modern, entryOf, bytesOf } = packageParts(await unzip(buffer));
  const SQL = await loadSqlJs();
  let db: Database | undefined;
  try {
    db = new SQL.Database(new Uint8Array(collection));
    if (modern) db = withoutAnkiCollation(SQL, db);
    const kinds = modern ? modernNoteKinds(db) : legacyNoteKinds(db);
    const rows = db.exec('select mid, tags, flds from notes order by id')[0]?.values ?? [];
    if (rows.length > IMPORT_NOTES_MAX) throw badFile(`A package may hold at most ${IMPORT_NOTES_MAX} notes.`);
    const media = new Map<string, ImportedMedia>();
    const imageUrl = (fileName: string) => {
      const known = media.get(fileName);
      if (known) return flashcardMediaUrl(known.name);
      const ext = extensionOf(fileName);
      const entry = entryOf.get(fileName) ?? entryOf.get(safeDecode(fileName));
      const bytes = entry === undefined ? undefined : bytesOf(entry);
      const contentType = IMAGE_TYPES[ext];
      if (!bytes || !contentType || bytes.length > IMPORT_MEDIA_MAX_BYTES) return null;
      const stored = { name: `${randomUUID()}.${ext}`, contentType, bytes };
      media.set(fileName, stored);
      return flashcardMediaUrl(stored.name);
    };
    const notes: ImportedNote[] = [];
    let skipped = 0;
    for (const [mid, tags, flds] of rows) {
      const model = kinds.get(String(mid));
      const fields = String(flds ?? '').split(FIELD_SEPARATOR);
      const note = {
        front: ankiFieldToMarkdown(fields[0] ?? '', imageUrl),
        back: ankiFieldToMarkdown(fields[1] ?? '', imageUrl),
        tags: cleanTags(String(tags ?? '')),
      };
      if (!model || noteProblem(note) || (model.cloze && clozeNumbers(note.front).length === 0)) skipped += 1;
      else notes.push(note);
    }
    const used = new Set(
      notes
        .flatMap((note) => [note.front, note.back])
        .join('\n')
        .match(/[0-9a-f-]{36}\.\w+/g),
    );
    return { notes, skipped, media: [...media.values()].filter((item) => used.has(item.name)) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badFile('The collection inside this package cannot be read.');
  } finally {
    db?.close();
  }
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

export type ExportNote = { front: string; back: string; tags: string[] };

/** The ids and times one export writes: the deck, its Basic and Cloze note types, all from the export's clock. */
type ApkgIds = { now: number; seconds: number; deckId: number; basicId: number; clozeId: number };

const ankiField = (name: string, ord: number) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20 });

function ankiModel(
  ids: ApkgIds,
  {
    id,
    name,
    type,
    fields,
    qfmt,
    afmt,
  }: { id: number; name: string; type: 0 | 1; fields: string[]; qfmt: string; afmt: string },
) {
  return {
    id,
    name,
    type,
    mod: ids.seconds,
    usn: -1,
    sortf: 0,
    did: ids.deckId,
    tmpls: [{ name: type ? 'Cloze' : 'Card 1', ord: 0, qfmt, afmt, did: null, bqfmt: '', bafmt: '' }],
    flds: fields.map(ankiField),
    css: '.card { font-family: arial; font-size: 20px; text-align: center; }',
    latexPre: '',
    latexPost: '',
    tags: [],
    vers: [],
    req: [[0, 'any', [0]]],
  };
}

/** The Basic and Cloze note types, by id. */
const ankiModels = (ids: ApkgIds) => ({
  [ids.basicId]: ankiModel(ids, {
    id: ids.basicId,
    name: 'Basic',
    type: 0,
    fields: ['Front', 'Back'],
    qfmt: '{{Front}}',
    afmt: '{{FrontSide}}<hr id=answer>{{Back}}',
  }),
  [ids.clozeId]: ankiModel(ids, {
    id: ids.clozeId,
    name: 'Cloze',
    type: 1,
    fields: ['Text', 'Back Extra'],
    qfmt: '{{cloze:Text}}',
    afmt: '{{cloze:Text}}<br>{{Back Extra}}',
  }),
});

const ankiDeck = (id: number, name: string, seconds: number) => ({
  id,
  name,
  mod: seconds,
  usn: -1,
  collapsed: false,
  desc: '',
  dyn: 0,
  conf: 1,
  extendNew: 10,
  extendRev: 50,
  newToday: [0, 0],
  revToday: [0, 0],
  lrnToday: [0, 0],
  timeToday: [0, 0],
});

/** The collection row: its note types, the Default deck and the exported one, and default deck options. */
function insertCollection(
  db: Database,
  ids: ApkgIds,
  { deckName, noteCount }: { deckName: string; noteCount: number },
) {
  const { now, seconds, deckId, basicId } = ids;
  const decks = { 1: ankiDeck(1, 'Default', seconds), [deckId]: ankiDeck(deckId, deckName, seconds) };
  db.run('insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
    seconds,
    now,
    now,
    JSON.stringify({ nextPos: noteCount + 1, curDeck: deckId, curModel: basicId }),
    JSON.stringify(ankiModels(ids)),
    JSON.stringify(decks),
    JSON.stringify({ 1: { id: 1, name: 'Default', new: { perDay: 20 }, rev: { perDay: 200 } } }),
    '{}',
  ]);
}

/** Anki's first-field checksum: the first 8 hex digits of its SHA-1, as a number. */
const fieldChecksum = (field: string) =>
  Number.parseInt(createHash('sha1').update(field).digest('hex').slice(0, 8), 16);

/** One note and its cards: one per cloze number, or one front/back card. */
function insertAnkiNote(
  db: Database,
  ids: ApkgIds,
  { note, index, mediaName }: { note: ExportNote; index: number; mediaName: (url: string) => string | null },
) {
  const { now, seconds, deckId, basicId, clozeId } = ids;
  const ordinals = clozeNumbers(note.front);
  const fields = [markdownToAnkiField(note.front, mediaName), markdownToAnkiField(note.back, mediaName)];
  const noteId = now + 10 + index;
  db.run('insert into notes values (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)', [
    noteId,
    randomUUID().slice(0, 10),
    ordinals.length ? clozeId : basicId,
    seconds,
    note.tags.length ? ` ${note.tags.join(' ')} ` : '',
    fields.join(FIELD_SEPARATOR),
    fields[0] ?? '',
    fieldChecksum(fields[0] ?? ''),
    '',
  ]);
  (ordinals.length ? ordinals.map((n) => n - 1) : [0]).forEach((ord, cardIndex) => {
    db.run('insert into cards values (?, ?, ?, ?, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)', [
      noteId * 100 + cardIndex,
      noteId,
      deckId,
      ord,
      seconds,
      index + 1,
      '',
    ]);
  });
}

/** The package ZIP: the collection, the images numbered 0, 1, … and the `media` list naming them. */
async function zipPackage(collection: Buffer, media: Iterable<{ fileName: string; bytes: Buffer }>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(collection, 'collection.anki2');
  const mediaList: Record<string, string> = {};
  [...media].forEach((item, index) => {
    mediaList[String(index)] = item.fileName;
    zip.addBuffer(item.bytes, String(index));
  });
  zip.addBuffer(Buffer.from(JSON.stringify(mediaList)), 'media');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An Anki package (schema 11, read by every Anki version) of one deck with Basic and Cloze notes and their images. */
export async function writeApkg({
  deckName,
  notes,
  media,
}: {
  deckName: string;
  notes: ExportNote[];
  /** Images the notes show, by the URL the Markdown uses. */
  media: Map<string, { fileName: string; bytes: Buffer }>;
}): Promise<Buffer> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database();
  try {
    db.exec(ANKI_SCHEMA);
    const now = Date.now();
    const ids: ApkgIds = { now, seconds: Math.floor(now / 1000), deckId: now, basicId: now + 1, clozeId: now + 2 };
    insertCollection(db, ids, { deckName, noteCount: notes.length });
    const mediaName = (url: string) => media.get(url)?.fileName ?? null;
    notes.forEach((note, index) => {
      insertAnkiNote(db, ids, { note, index, mediaName });
    });
    return await zipPackage(Buffer.from(db.export()), media.values());
  } finally {
    db.close();
  }
}
