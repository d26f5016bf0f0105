import { apiErrorBodySchema, type ErrorCode } from '@portal/shared/errors';
import type { ExportFormat, ImportFormat, ImportResult } from '@portal/shared/flashcards-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { i18n } from '@/lib/i18n';
import { FLASHCARDS_KEY } from './keys';

/** The import format a file's name says, or null when it is none we read. */
export function importFormatOf(fileName: string): ImportFormat | null {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'csv') return 'csv';
  if (extension === 'tsv' || extension === 'txt') return 'tsv';
  if (extension === 'apkg') return 'apkg';
  return null;
}

const CONTENT_TYPES: Record<ImportFormat, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  apkg: 'application/octet-stream',
};

/** Sends the file as the raw body; a dry run only counts what the file holds. */
export async function importDeckFile({
  deckId,
  file,
  format,
  dryRun,
}: {
  deckId: string;
  file: Blob;
  format: ImportFormat;
  dryRun: boolean;
}): Promise<ImportResult> {
  const params = new URLSearchParams({ format, dry_run: String(dryRun) });
  let response: Response;
  try {
    response = await fetch(`/api/flashcards/decks/${deckId}/import?${params}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'content-type': CONTENT_TYPES[format],
        'x-portal-language': i18n.language ?? 'en',
      },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'network', 'Network error');
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as ImportResult;
  const parsed = apiErrorBodySchema.safeParse(data);
  if (parsed.success) {
    const { code, message, reasons } = parsed.data.error;
    throw new ApiError(response.status, code as ErrorCode, message, reasons);
  }
  throw new ApiError(response.status, response.status >= 500 ? 'internal' : 'bad_request', response.statusText);
}

export const useImportDeckFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importDeckFile,
    onSuccess: (result) => {
      if (!result.dry_run) void queryClient.invalidateQueries({ queryKey: FLASHCARDS_KEY });
    },
  });
};

export const exportDeckUrl = (deckId: string, format: ExportFormat) =>
  `/api/flashcards/decks/${deckId}/export?${new URLSearchParams({ format })}`;
