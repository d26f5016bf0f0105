import { describe, expect, it } from 'vitest';
import { i18n, preloadNamespaces } from '@/lib/i18n';
import { failureText } from './format';

const failed = { failure_reason: 'not_a_zip', failure_message: 'The file "deck.pptx" is not a ZIP archive.' };

describe('why a package failed', () => {
  it('is the server’s own sentence in English, and the reason in the reader’s words otherwise', async () => {
    await preloadNamespaces(['scorm']);
    const t = (language: string) => i18n.getFixedT(language, 'scorm');
    expect(failureText(failed, t('en'), 'en')).toBe('The file "deck.pptx" is not a ZIP archive.');
    expect(failureText(failed, t('de'), 'de')).toBe('Die Datei ist kein lesbares ZIP-Archiv.');
    expect(failureText(failed, t('zh'), 'zh')).toBe('该文件不是可读取的 ZIP 压缩包。');
    // A reason without words of its own keeps the server's sentence.
    expect(failureText({ ...failed, failure_reason: 'new_reason' }, t('de'), 'de')).toBe(failed.failure_message);
  });
});
