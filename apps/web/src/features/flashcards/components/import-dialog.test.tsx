import '@/lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportDialog } from './import-dialog';

let calls: { url: string; type: string | null }[];
let failWith: string | null;

beforeEach(() => {
  calls = [];
  failWith = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, type: new Headers(init.headers).get('content-type') });
      if (failWith) {
        return new Response(JSON.stringify({ error: { code: 'bad_request', message: failWith } }), { status: 400 });
      }
      const dryRun = url.includes('dry_run=true');
      return new Response(
        JSON.stringify({ found: 3, imported: dryRun ? 0 : 3, skipped: 1, media: 0, dry_run: dryRun }),
        { status: 200 },
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ImportDialog deckId="d1" deckName="Capitals" />
    </QueryClientProvider>,
  );
}

describe('ImportDialog', () => {
  it('previews what a picked file holds, then imports it', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('dialog', { name: 'Import cards into “Capitals”' })).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Import 0 cards' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    await user.upload(screen.getByLabelText('choose a file'), new File(['a,b\n'], 'cards.csv', { type: 'text/csv' }));
    expect(await screen.findByText(/cards\.csv holds 3 cards\./)).toBeTruthy();
    expect(screen.getByText(/1 note makes no card/)).toBeTruthy();
    expect(calls[0]).toEqual({ url: '/api/flashcards/decks/d1/import?format=csv&dry_run=true', type: 'text/csv' });

    await user.click(screen.getByRole('button', { name: 'Import 3 cards' }));
    expect(calls[1]?.url).toBe('/api/flashcards/decks/d1/import?format=csv&dry_run=false');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('takes a dropped Anki package, and shows why a bad file cannot be imported', async () => {
    const user = userEvent.setup();
    failWith = 'This file holds no Anki collection.';
    renderDialog();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const file = new File(['zip'], 'deck.apkg');
    fireEvent.drop(screen.getByRole('region', { name: 'Drop a file here' }), { dataTransfer: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toBe('This file holds no Anki collection.');
    expect(calls[0]?.url).toContain('format=apkg');
    expect((screen.getByRole('button', { name: 'Import 0 cards' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('choose a file'), { target: { files: [new File(['x'], 'notes.docx')] } });
    expect(await screen.findByText(/This file type cannot be imported/)).toBeTruthy();
    expect(calls).toHaveLength(1);
  });
});
