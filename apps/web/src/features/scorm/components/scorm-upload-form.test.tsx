import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ScormUploadForm } from './scorm-upload-form';

// The switch measures itself, which the test page cannot.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

/** The server's answer to the upload: a refusal for a package over its limit. */
let refusal = {
  status: 413,
  body: { error: { code: 'payload_too_large', message: 'File is larger than 1048576 bytes' } },
};

class RefusingUpload {
  status = 0;
  responseText = '';
  upload = {};
  onload: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send() {
    this.status = refusal.status;
    this.responseText = JSON.stringify(refusal.body);
    queueMicrotask(() => this.onload?.());
  }
}

beforeEach(async () => {
  toasts.error.mockReset();
  vi.stubGlobal('XMLHttpRequest', RefusingUpload);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ScormUploadForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** The drop zone's file input (the zone around it carries the same label). */
const fileInput = (label: string) =>
  screen.getAllByLabelText(label).find((element) => element instanceof HTMLInputElement) as HTMLInputElement;

async function uploadTooLarge() {
  renderForm();
  await screen.findByRole('button', { name: 'Upload Package' });
  const zip = new File(['PK'], 'fire-safety.zip', { type: 'application/zip' });
  await userEvent.upload(fileInput('Choose a SCORM package (ZIP file)'), zip);
  await userEvent.click(screen.getByRole('button', { name: 'Upload Package' }));
}

describe('a package over the server’s limit', () => {
  it('fails with the limit the server names, under the file and in an Upload Failed toast', async () => {
    await uploadTooLarge();

    expect(await screen.findByText('File is larger than 1048576 bytes')).toBeInTheDocument();
    expect(toasts.error).toHaveBeenCalledWith('Upload Failed', { description: 'File is larger than 1048576 bytes' });
  });

  it('names the product’s own limit when the server’s answer does not, in the interface language', async () => {
    refusal = {
      status: 413,
      body: { error: { code: 'payload_too_large', message: 'The request body is too large.' } },
    };
    await i18n.changeLanguage('de');
    renderForm();
    await screen.findByRole('button', { name: 'Paket hochladen' });
    const zip = new File(['PK'], 'brandschutz.zip', { type: 'application/zip' });
    await userEvent.upload(fileInput('SCORM-Paket (ZIP-Datei) auswählen'), zip);
    await userEvent.click(screen.getByRole('button', { name: 'Paket hochladen' }));

    expect(await screen.findByText('Datei ist größer als 524288000 Bytes')).toBeInTheDocument();
  });
});
