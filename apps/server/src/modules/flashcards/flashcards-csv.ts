import { IMPORT_NOTES_MAX } from '@portal/shared/flashcards-import';
import Papa from 'papaparse';
import { cleanTags } from './flashcards-anki.ts';
import { badFile, type ExportNote, noteProblem, type ParsedImport } from './flashcards-apkg.ts';

const isHeader = (row: string[]) =>
  row[0]?.trim().toLowerCase() === 'front' && (row[1] === undefined || row[1].trim().toLowerCase() === 'back');

/**
 * Cards from CSV or TSV text: columns front, back, tags (space separated); quoted fields may hold the separator
 * and line breaks; a first row `front,back` is a header. Any row that cannot be a card fails the whole file.
 */
export function readDelimited(text: string, format: 'csv' | 'tsv'): ParsedImport {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter: format === 'tsv' ? '\t' : ',',
    skipEmptyLines: 'greedy',
  });
  const problem = parsed.errors.find((error) => error.type === 'Quotes');
  if (problem) throw badFile(`Row ${(problem.row ?? 0) + 1}: a quoted field is not closed.`);
  const rows = parsed.data.length && isHeader(parsed.data[0] ?? []) ? parsed.data.slice(1) : parsed.data;
  const offset = rows === parsed.data ? 1 : 2;
  if (rows.length === 0) throw badFile('This file holds no cards.');
  if (rows.length > IMPORT_NOTES_MAX) throw badFile(`A file may hold at most ${IMPORT_NOTES_MAX} cards.`);
  const notes = rows.map((row, index) => {
    const note = { front: row[0] ?? '', back: row[1] ?? '', tags: cleanTags(row[2] ?? '') };
    const reason = noteProblem(note);
    if (reason) throw badFile(`Row ${index + offset}: ${reason}.`);
    return note;
  });
  return { notes, skipped: 0, media: [] };
}

/** A deck as CSV with a header row; images stay as the links the cards use. */
export function writeCsv(notes: ExportNote[]): string {
  return Papa.unparse({
    fields: ['front', 'back', 'tags'],
    data: notes.map((note) => [note.front, note.back, note.tags.join(' ')]),
  });
}
