import { decompress } from 'fzstd';
import type { Database, SqlJsStatic } from 'sql.js';

/** The first bytes of every zstd frame. */
const ZSTD_MAGIC = 0xfd2fb528;

export const isZstd = (bytes: Uint8Array) =>
  bytes.length >= 4 && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).readUInt32LE(0) === ZSTD_MAGIC;

/** The content size a zstd frame header announces, or null when it announces none. */
function announcedSize(bytes: Buffer): number | null {
  const descriptor = bytes[4] ?? 0;
  const sizeFlag = descriptor >> 6;
  const singleSegment = (descriptor >> 5) & 1;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3] ?? 0;
  const sizeBytes = [singleSegment, 2, 4, 8][sizeFlag] ?? 0;
  if (sizeBytes === 0) return null;
  const at = 5 + (singleSegment ? 0 : 1) + dictionaryBytes;
  if (bytes.length < at + sizeBytes) return null;
  if (sizeBytes === 1) return bytes.readUInt8(at);
  if (sizeBytes === 2) return bytes.readUInt16LE(at) + 256;
  if (sizeBytes === 4) return bytes.readUInt32LE(at);
  return Number(bytes.readBigUInt64LE(at));
}

/**
 * Bytes that may be zstd-compressed, as they are: refused (null) when they unpack to more than `max`
 * or cannot be read.
 */
export function unzstd(bytes: Buffer, max: number): Buffer | null {
  if (!isZstd(bytes)) return bytes.length > max ? null : bytes;
  const size = announcedSize(bytes);
  if (size !== null && size > max) return null;
  try {
    const out = decompress(bytes);
    return out.length > max ? null : Buffer.from(out.buffer, out.byteOffset, out.length);
  } catch {
    return null;
  }
}

type ProtoField = { field: number; wire: number; value: bigint | Buffer };

/** The fields of one protobuf message, in order; throws on malformed input. */
export function protoFields(bytes: Buffer): ProtoField[] {
  const fields: ProtoField[] = [];
  let at = 0;
  const varint = () => {
    let result = 0n;
    for (let shift = 0n; shift < 70n; shift += 7n) {
      const byte = bytes[at++];
      if (byte === undefined) throw new Error('truncated varint');
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
    }
    throw new Error('varint too long');
  };
  const take = (length: number) => {
    if (length < 0 || at + length > bytes.length) throw new Error('truncated field');
    const value = bytes.subarray(at, at + length);
    at += length;
    return value;
  };
  while (at < bytes.length) {
    const key = varint();
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) fields.push({ field, wire, value: varint() });
    else if (wire === 1) fields.push({ field, wire, value: take(8) });
    else if (wire === 2) fields.push({ field, wire, value: take(Number(varint())) });
    else if (wire === 5) fields.push({ field, wire, value: take(4) });
    else throw new Error(`unsupported wire type ${wire}`);
  }
  return fields;
}

/**
 * The media list of a current Anki package (protobuf MediaEntries: repeated {1 name, 2 size, 3 sha1}),
 * as zip entry by file name: the file at index i is stored under the entry named i.
 */
export function readMediaEntries(bytes: Buffer): Map<string, string> {
  const entries = new Map<string, string>();
  protoFields(bytes).forEach((entry, index) => {
    if (entry.field !== 1 || !Buffer.isBuffer(entry.value)) return;
    const name = protoFields(entry.value).find((part) => part.field === 1 && Buffer.isBuffer(part.value));
    if (name) entries.set((name.value as Buffer).toString('utf8'), String(index));
  });
  return entries;
}

/**
 * A current Anki collection readable here: its name columns sort with a collation only Anki defines, and
 * SQLite refuses to read a table without rowid that names an unknown one. The collation is dropped from the
 * schema of a copy (no stored order depends on it outside the name indexes, which are not read).
 */
export function withoutAnkiCollation(SQL: SqlJsStatic, db: Database): Database {
  db.exec(`PRAGMA writable_schema = ON;
    update sqlite_master set sql = replace(replace(sql, 'COLLATE unicase', ''), 'collate unicase', '')
      where type = 'table' and sql like '%unicase%';
    PRAGMA writable_schema = OFF;`);
  const copy = new SQL.Database(db.export());
  db.close();
  return copy;
}

/**
 * Whether each note type of a current Anki collection is a Cloze type, by id. The kind is field 1 of the
 * NotetypeConfig protobuf (0 normal, 1 cloze); a note type whose config cannot be read counts as Cloze
 * when one of its templates asks for `{{cloze:`. A note type without fields holds no card.
 */
export function modernNoteKinds(db: Database): Map<string, { cloze: boolean }> {
  const clozeTemplates = new Set(
    (db.exec('select ntid, config from templates')[0]?.values ?? [])
      .filter(([, config]) => Buffer.from((config as Uint8Array | null) ?? []).includes('{{cloze:'))
      .map(([ntid]) => String(ntid)),
  );
  const withFields = new Set(
    (db.exec('select distinct ntid from fields')[0]?.values ?? []).map(([ntid]) => String(ntid)),
  );
  const kinds = new Map<string, { cloze: boolean }>();
  for (const [id, config] of db.exec('select id, config from notetypes')[0]?.values ?? []) {
    let cloze: boolean;
    try {
      const kind = protoFields(Buffer.from((config as Uint8Array | null) ?? [])).find(
        (part) => part.field === 1 && part.wire === 0,
      );
      cloze = kind?.value === 1n;
    } catch {
      cloze = clozeTemplates.has(String(id));
    }
    if (withFields.has(String(id))) kinds.set(String(id), { cloze });
  }
  return kinds;
}
