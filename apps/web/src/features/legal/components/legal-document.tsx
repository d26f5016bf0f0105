import { ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/page-title';
import { LegalRichText } from './legal-rich-text';

/** One piece of a section; keys are relative to `<document>.sections.<section key>`. */
export type LegalBlock =
  | { kind: 'paragraph'; key: string }
  | { kind: 'list'; keys: readonly string[] }
  | { kind: 'table'; key: string; columns: readonly string[]; rows: readonly string[] };

/** A numbered section with its own anchor (`id`) and translation key. */
export type LegalSection = { id: string; key: string; blocks: readonly LegalBlock[] };

export type LegalDocumentKey = 'privacy' | 'terms';

const CONTENTS_ID = 'contents';

export const paragraph = (key: string): LegalBlock => ({ kind: 'paragraph', key });
export const list = (...keys: string[]): LegalBlock => ({ kind: 'list', keys });
export const table = (key: string, columns: readonly string[], rows: readonly string[]): LegalBlock => ({
  kind: 'table',
  key,
  columns,
  rows,
});

function LegalBlockView({ block, base }: { block: LegalBlock; base: string }) {
  const { t } = useTranslation('legal');
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <LegalRichText i18nKey={`${base}.${block.key}`} />
        </p>
      );
    case 'list':
      return (
        <ul className="list-disc space-y-2 pl-5 marker:text-primary">
          {block.keys.map((key) => (
            <li key={key}>
              <LegalRichText i18nKey={`${base}.${key}`} />
            </li>
          ))}
        </ul>
      );
    case 'table': {
      const tableBase = `${base}.${block.key}`;
      return (
        <div className="overflow-x-auto rounded-lg border border-border bg-card">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">{t(`${tableBase}.caption`)}</caption>
            <thead className="bg-muted">
              <tr>
                {block.columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold">
                    {t(`${tableBase}.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row} className="border-t border-border align-top">
                  {block.columns.map((column, index) =>
                    index === 0 ? (
                      <th key={column} scope="row" className="px-4 py-3 font-medium">
                        {t(`${tableBase}.rows.${row}.${column}`)}
                      </th>
                    ) : (
                      <td key={column} className="px-4 py-3 text-muted-foreground">
                        {t(`${tableBase}.rows.${row}.${column}`)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
  }
}

/** A legal text with a title, last-updated date, table of contents and numbered h2 sections. */
export function LegalDocument({
  documentKey,
  updated,
  sections,
}: {
  documentKey: LegalDocumentKey;
  /** ISO date (YYYY-MM-DD) of the last change; the displayed form is translated. */
  updated: string;
  sections: readonly LegalSection[];
}) {
  const { t } = useTranslation('legal');
  usePageTitle(t(`${documentKey}.title`));
  const titleId = `${documentKey}-title`;
  return (
    <article aria-labelledby={titleId} className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-medium text-primary">{t('document.eyebrow')}</p>
        <h1 id={titleId} className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
          {t(`${documentKey}.title`)}
        </h1>
        <p className="mt-3 text-sm text-muted-foreground">
          {t('document.lastUpdated')} <time dateTime={updated}>{t(`${documentKey}.updatedOn`)}</time>
        </p>
        <p className="mt-6 text-lg leading-relaxed text-muted-foreground">{t(`${documentKey}.summary`)}</p>
      </header>

      <div className="mt-10 grid grid-cols-[minmax(0,1fr)] gap-10 [overflow-wrap:anywhere] lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14">
        <nav
          id={CONTENTS_ID}
          aria-labelledby={`${CONTENTS_ID}-label`}
          className="scroll-mt-6 rounded-lg border border-border bg-card p-5 lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto"
        >
          <p id={`${CONTENTS_ID}-label`} className="text-sm font-semibold">
            {t('document.contents')}
          </p>
          <ol className="mt-3 space-y-1 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex gap-2 rounded-md px-2 py-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
                >
                  <span className="tabular-nums" aria-hidden="true">
                    {index + 1}.
                  </span>
                  <span>{t(`${documentKey}.sections.${section.key}.title`)}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="max-w-3xl">
          <div className="space-y-12">
            {sections.map((section, index) => {
              const base = `${documentKey}.sections.${section.key}`;
              return (
                <section
                  key={section.id}
                  id={section.id}
                  aria-labelledby={`${section.id}-heading`}
                  className="scroll-mt-6"
                >
                  <h2 id={`${section.id}-heading`} className="text-xl font-semibold tracking-tight sm:text-2xl">
                    <span className="text-muted-foreground tabular-nums">{index + 1}. </span>
                    {t(`${base}.title`)}
                  </h2>
                  <div className="mt-4 space-y-4 leading-relaxed text-foreground/90">
                    {section.blocks.map((block) => (
                      <LegalBlockView
                        key={block.kind === 'list' ? block.keys.join() : block.key}
                        block={block}
                        base={base}
                      />
                    ))}
                  </div>
                </section>
              );
            })}
          </div>
          <p className="mt-12 border-t border-border pt-6">
            <a
              href={`#${CONTENTS_ID}`}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
            >
              <ArrowUp className="size-4" aria-hidden="true" />
              {t('document.backToContents')}
            </a>
          </p>
        </div>
      </div>
    </article>
  );
}
