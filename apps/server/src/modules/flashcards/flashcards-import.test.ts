import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Deck, FlashcardNoteList } from '@portal/shared/flashcards';
import type { ImportResult } from '@portal/shared/flashcards-import';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import yazl from 'yazl';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { TEST_PASSWORD } from '../../testing/factories.ts';
import { startTestApp, testTargets } from '../../testing/test-app.ts';
import { createPerson, type Person, TINY_PNG } from '../courses/courses.testing.ts';

/** A small Anki package as Anki writes it: one Basic note with an image, one Cloze note, one note of another type. */
async function buildApkg({ withImage = true } = {}): Promise<Buffer> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.exec(`create table col (id integer primary key, crt integer, mod integer, scm integer, ver integer, dty integer,
      usn integer, ls integer, conf text, models text, decks text, dconf text, tags text);
    create table notes (id integer primary key, guid text, mid integer, mod integer, usn integer, tags text,
      flds text, sfld text, csum integer, flags integer, data text);`);
  const models = { 100: { name: 'Basic', type: 0 }, 200: { name: 'Cloze', type: 1 }, 300: { name: 'Odd', type: 0 } };
  db.run("insert into col values (1, 0, 0, 0, 11, 0, 0, 0, '{}', ?, '{}', '{}', '{}')", [JSON.stringify(models)]);
  const note = (id: number, mid: number, tags: string, fields: string[]) =>
    db.run("insert into notes values (?, 'g', ?, 0, 0, ?, ?, '', 0, 0, '')", [id, mid, tags, fields.join('\x1f')]);
  note(1, 100, ' Biology cells ', ['What is this?<br><img src="cell.png">', 'A <b>cell</b> &amp; its parts']);
  note(2, 200, ' biology ', ['{{c1::Mitochondria}} make {{c2::ATP}}.', 'Energy']);
  note(3, 100, '', ['No back here', '']);
  const collection = Buffer.from(db.export());
  db.close();
  return zipOf({
    'collection.anki2': collection,
    media: Buffer.from(JSON.stringify(withImage ? { 0: 'cell.png' } : {})),
    ...(withImage ? { 0: TINY_PNG } : {}),
  });
}

async function zipOf(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(files)) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A zstd frame of raw (stored) blocks: the format current Anki packages use, without compressing. */
function zstdFrame(content: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32LE(0xfd2fb528, 0);
  header[4] = 0xe0; // single segment, 8-byte content size
  header.writeBigUInt64LE(BigInt(content.length), 5);
  const blocks: Buffer[] = [header];
  let at = 0;
  do {
    const part = content.subarray(at, at + 128 * 1024);
    at += part.length;
    const last = at >= content.length ? 1 : 0;
    const blockHeader = Buffer.alloc(3);
    blockHeader.writeUIntLE((part.length << 3) | last, 0, 3); // block type 0: raw
    blocks.push(blockHeader, part);
  } while (at < content.length);
  return Buffer.concat(blocks);
}

/** Protobuf: a length-delimited field (lengths here stay under 128) or a small varint field. */
const protoBytes = (field: number, value: Buffer | string) => {
  const bytes = Buffer.from(value);
  return Buffer.concat([Buffer.from([(field << 3) | 2, bytes.length]), bytes]);
};
const protoVarint = (field: number, value: number) => Buffer.from([field << 3, value]);

/**
 * A package as current Anki exports it: a zstd-compressed `collection.anki21b` with note types in their own
 * tables, a protobuf media list, zstd-compressed media, and a placeholder `collection.anki2` asking to update.
 */
async function buildModernApkg(): Promise<Buffer> {
  const SQL = await initSqlJs();
  const placeholder = new SQL.Database();
  placeholder.exec(`create table col (id integer primary key, models text);
    create table notes (id integer primary key, mid integer, tags text, flds text);`);
  placeholder.run('insert into col values (1, ?)', [JSON.stringify({ 1: { name: 'Basic', type: 0 } })]);
  placeholder.run("insert into notes values (1, 1, '', ?)", [
    'Please update to the latest Anki version\x1fthen import',
  ]);
  const legacy = Buffer.from(placeholder.export());
  placeholder.close();

  const db = new SQL.Database();
  db.exec(`create table col (id integer primary key, crt integer, mod integer, scm integer, ver integer, dty integer,
      usn integer, ls integer, conf text, models text, decks text, dconf text, tags text);
    create table notetypes (id integer primary key, name text, mtime_secs integer, usn integer, config blob);
    create table fields (ntid integer, ord integer, name text, config blob, primary key (ntid, ord)) without rowid;
    create table templates (ntid integer, ord integer, name text, mtime_secs integer, usn integer, config blob,
      primary key (ntid, ord)) without rowid;
    create table notes (id integer primary key, guid text, mid integer, mod integer, usn integer, tags text,
      flds text, sfld text, csum integer, flags integer, data text);
    create table cards (id integer primary key, nid integer, did integer, ord integer);`);
  db.run("insert into col values (1, 0, 0, 0, 18, 0, 0, 0, '', '', '', '', '')");
  const css = protoBytes(3, '.card { color: black; }');
  const notetype = (id: number, name: string, config: Buffer, qfmt: string, fieldNames: string[]) => {
    db.run('insert into notetypes values (?, ?, 0, 0, ?)', [id, name, config]);
    for (const [ord, field] of fieldNames.entries()) {
      db.run('insert into fields values (?, ?, ?, ?)', [id, ord, field, Buffer.alloc(0)]);
    }
    db.run("insert into templates values (?, 0, 'Card 1', 0, 0, ?)", [
      id,
      Buffer.concat([protoBytes(1, qfmt), protoBytes(2, '{{FrontSide}}')]),
    ]);
  };
  notetype(100, 'Basic', css, '{{Front}}', ['Front', 'Back']);
  notetype(200, 'Cloze', Buffer.concat([protoVarint(1, 1), css]), '{{cloze:Text}}', ['Text', 'Back Extra']);
  // A config that cannot be read: its template decides that it is a Cloze type.
  notetype(300, 'Old cloze', Buffer.from([0x0f]), '{{cloze:Text}}', ['Text', 'Extra']);
  const note = (id: number, mid: number, tags: string, fields: string[]) => {
    db.run("insert into notes values (?, 'g', ?, 0, 0, ?, ?, '', 0, 0, '')", [id, mid, tags, fields.join('\x1f')]);
    db.run('insert into cards values (?, ?, 1, 0)', [id, id]);
  };
  note(1, 100, ' Biology cells ', ['What is this?<br><img src="cell.png">', 'A <b>cell</b>']);
  note(2, 200, ' biology ', ['{{c1::Ribosomes}} build {{c2::proteins}}.', '']);
  note(3, 300, '', ['{{c1::Nucleus}} holds the DNA', '']);
  note(4, 200, '', ['A Cloze note without a deletion', 'Back']);
  note(5, 100, '', ['No back here', '']);
  note(6, 300, '', ['An old Cloze note without a deletion', 'Back']);
  // As Anki writes them, names sort with a collation only Anki defines; reading must not need it.
  db.exec(`PRAGMA writable_schema = ON;
    update sqlite_master set sql = replace(sql, 'name text', 'name text collate unicase')
      where name in ('notetypes', 'fields', 'templates');
    PRAGMA writable_schema = OFF;`);
  const collection = Buffer.from(db.export());
  db.close();
  const media = protoBytes(1, Buffer.concat([protoBytes(1, 'cell.png'), protoVarint(2, TINY_PNG.length)]));
  return zipOf({
    'collection.anki2': legacy,
    'collection.anki21b': zstdFrame(collection),
    media: zstdFrame(media),
    0: zstdFrame(TINY_PNG),
  });
}

async function zipEntryNames(buffer: Buffer): Promise<string[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: false }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const names: string[] = [];
  await new Promise<void>((resolve) => {
    zip.on('entry', (entry: yauzl.Entry) => names.push(entry.fileName));
    zip.on('end', () => resolve());
  });
  return names;
}

describe.each(testTargets())('flashcard import and export on $name', (target) => {
  let app: App;
  let database: Database;
  let close: () => Promise<void>;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-flashcard-files-'));
  beforeAll(async () => {
    ({ app, database, close } = await startTestApp(target, { dataDir }));
  });
  afterAll(async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const deckFor = async (person: Person, name = 'Imported') =>
    (
      await app.inject({ method: 'POST', url: '/api/flashcards/decks', headers: person.headers, payload: { name } })
    ).json<{ deck: Deck }>().deck;
  const upload = (person: Person, deckId: string, query: string, body: Buffer | string, type: string) =>
    app.inject({
      method: 'POST',
      url: `/api/flashcards/decks/${deckId}/import?${query}`,
      headers: { ...person.headers, 'content-type': type },
      payload: body,
    });
  const notesOf = async (person: Person, deckId: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/flashcards/notes?deck_id=${deckId}`, headers: person.headers })
    ).json<FlashcardNoteList>().notes;
  const learner = () => createPerson(app, database.db, { role: 'learner', tier: 'me' });

  it('imports CSV and TSV with quoted commas and line breaks, header optional, tags', async () => {
    const person = await learner();
    const deck = await deckFor(person);
    const csv =
      'front,back,tags\n"Capital of France, in one word?","Paris\nthe city of light",geo Europe\n{{c1::Rome}} is in Italy,,\n';
    const preview = await upload(person, deck.id, 'format=csv&dry_run=true', csv, 'text/csv');
    expect(preview.json<ImportResult>()).toMatchObject({ found: 2, imported: 0, dry_run: true });
    expect(await notesOf(person, deck.id)).toEqual([]);

    const done = await upload(person, deck.id, 'format=csv', csv, 'text/csv');
    expect(done.statusCode).toBe(200);
    expect(done.json<ImportResult>()).toMatchObject({ found: 2, imported: 2, skipped: 0 });
    const notes = await notesOf(person, deck.id);
    expect(notes.find((note) => note.front.startsWith('Capital'))).toMatchObject({
      back: 'Paris\nthe city of light',
      tags: ['geo', 'europe'],
    });
    expect(notes.find((note) => note.front.includes('Rome'))?.cards).toHaveLength(1);

    const tsv = await upload(person, deck.id, 'format=tsv', 'Hund\tdog\nKatze\tcat\n', 'text/tab-separated-values');
    expect(tsv.json<ImportResult>().imported).toBe(2);
    expect(await notesOf(person, deck.id)).toHaveLength(4);
  });

  it('a bad file answers 400 with the reason and imports nothing', async () => {
    const person = await learner();
    const deck = await deckFor(person);
    const bad = await upload(person, deck.id, 'format=csv', 'good,one\nno back here\n', 'text/csv');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Row 2/);
    expect((await upload(person, deck.id, 'format=csv', '"open,quote\n', 'text/csv')).statusCode).toBe(400);
    expect((await upload(person, deck.id, 'format=apkg', 'not a zip', 'application/zip')).statusCode).toBe(400);
    const junkPackage = await zipOf({ 'collection.anki2': Buffer.from('junk') });
    const junk = await upload(person, deck.id, 'format=apkg', junkPackage, 'application/zip');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().error.message).toMatch(/collection/);
    expect((await upload(person, deck.id, 'format=xls', 'a,b', 'text/csv')).statusCode).toBe(400);
    expect(await notesOf(person, deck.id)).toEqual([]);

    const stranger = await learner();
    expect((await upload(stranger, deck.id, 'format=csv', 'a,b\n', 'text/csv')).statusCode).toBe(404);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/flashcards/decks/${deck.id}/export?format=csv`,
          headers: stranger.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('imports an Anki package with Basic and Cloze notes and an image, and round-trips it through export', async () => {
    const person = await learner();
    const deck = await deckFor(person, 'Anki deck');
    const result = await upload(person, deck.id, 'format=apkg', await buildApkg(), 'application/octet-stream');
    expect(result.statusCode).toBe(200);
    expect(result.json<ImportResult>()).toMatchObject({ found: 2, imported: 2, skipped: 1, media: 1 });
    const notes = await notesOf(person, deck.id);
    const basic = notes.find((note) => note.front.startsWith('What is this?'));
    expect(basic).toMatchObject({ back: 'A **cell** & its parts', tags: ['biology', 'cells'] });
    const image = basic?.front.match(/!\[\]\((\/api\/flashcards\/media\/[^)]+)\)/)?.[1];
    expect(image).toBeDefined();
    const served = await app.inject({ method: 'GET', url: image as string, headers: person.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    // Another learner holding the link sees nothing: the image belongs to the cards that show it.
    const stranger = await learner();
    expect((await app.inject({ method: 'GET', url: image as string, headers: stranger.headers })).statusCode).toBe(404);
    expect(notes.find((note) => note.front.includes('Mitochondria'))?.cards.map((card) => card.ordinal)).toEqual([
      1, 2,
    ]);

    const exported = await app.inject({
      method: 'GET',
      url: `/api/flashcards/decks/${deck.id}/export?format=apkg`,
      headers: person.headers,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('Anki%20deck.apkg');
    expect(await zipEntryNames(exported.rawPayload)).toEqual(
      expect.arrayContaining(['collection.anki2', 'media', '0']),
    );
    const copy = await deckFor(person, 'Copy');
    const again = await upload(person, copy.id, 'format=apkg', exported.rawPayload, 'application/octet-stream');
    expect(again.json<ImportResult>()).toMatchObject({ imported: 2, skipped: 0, media: 1 });
    const copied = await notesOf(person, copy.id);
    const strip = (text: string) => text.replace(/\/api\/flashcards\/media\/[^)]+/g, 'IMG');
    expect(copied.map((note) => [strip(note.front), note.back, note.tags]).sort()).toEqual(
      notes.map((note) => [strip(note.front), note.back, note.tags]).sort(),
    );

    const csv = await app.inject({
      method: 'GET',
      url: `/api/flashcards/decks/${deck.id}/export?format=csv`,
      headers: person.headers,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const fromCsv = await deckFor(person, 'From CSV');
    expect((await upload(person, fromCsv.id, 'format=csv', csv.body, 'text/csv')).json().imported).toBe(2);
  });

  it('deleting the account removes the images of its imported cards, and only those', async () => {
    const imageFile = (link: string) => path.join(dataDir, 'files', 'flashcards', path.basename(link));
    const imagesOf = async (person: Person, deckId: string) =>
      (await notesOf(person, deckId)).flatMap((note) =>
        [...note.front.matchAll(/\/api\/flashcards\/media\/[^)]+/g)].map((match) => match[0]),
      );
    const leaving = await learner();
    const staying = await learner();
    const leavingDeck = await deckFor(leaving);
    const stayingDeck = await deckFor(staying);
    await upload(leaving, leavingDeck.id, 'format=apkg', await buildApkg(), 'application/octet-stream');
    await upload(staying, stayingDeck.id, 'format=apkg', await buildApkg(), 'application/octet-stream');
    const [leavingImage] = await imagesOf(leaving, leavingDeck.id);
    const [stayingImage] = await imagesOf(staying, stayingDeck.id);
    expect(existsSync(imageFile(leavingImage as string))).toBe(true);

    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: leaving.headers,
      payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
    });
    expect(deleted.statusCode).toBe(204);
    expect(existsSync(imageFile(leavingImage as string))).toBe(false);
    const served = await app.inject({ method: 'GET', url: stayingImage as string, headers: staying.headers });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('imports a package exported by current Anki (zstd collection, protobuf media list); a broken one changes nothing', async () => {
    const person = await learner();
    const deck = await deckFor(person, 'Modern Anki');
    const result = await upload(person, deck.id, 'format=apkg', await buildModernApkg(), 'application/octet-stream');
    expect(result.statusCode).toBe(200);
    expect(result.json<ImportResult>()).toMatchObject({ found: 3, imported: 3, skipped: 3, media: 1 });
    const notes = await notesOf(person, deck.id);
    expect(notes.some((note) => note.front.includes('update'))).toBe(false);
    const basic = notes.find((note) => note.front.startsWith('What is this?'));
    expect(basic).toMatchObject({ back: 'A **cell**', tags: ['biology', 'cells'] });
    expect(basic?.cards).toHaveLength(1);
    expect(notes.find((note) => note.front.includes('Ribosomes'))?.cards.map((card) => card.ordinal)).toEqual([1, 2]);
    expect(notes.find((note) => note.front.includes('Nucleus'))?.cards).toHaveLength(1);
    const image = basic?.front.match(/!\[\]\((\/api\/flashcards\/media\/[^)]+)\)/)?.[1];
    const served = await app.inject({ method: 'GET', url: image as string, headers: person.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);

    const broken = await zipOf({ 'collection.anki21b': zstdFrame(Buffer.from('not a database')) });
    const refused = await upload(person, deck.id, 'format=apkg', broken, 'application/octet-stream');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/collection/);
    expect(await notesOf(person, deck.id)).toHaveLength(3);
  });
});
