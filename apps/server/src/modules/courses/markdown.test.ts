import { describe, expect, it } from 'vitest';
import { renderLessonMarkdown, sanitizeLessonHtml } from './markdown.ts';

describe('lesson Markdown', () => {
  it('renders headings, emphasis, lists and links', () => {
    const html = renderLessonMarkdown('# Title\n\nSome *words* and a [link](https://example.com).\n\n- one\n- two');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<em>words</em>');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">link</a>');
    expect(html).toContain('<li>two</li>');
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '![x](javascript:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<a href="javascript:alert(1)">x</a>',
    '<svg onload=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
  ])('%s comes back inert', (payload) => {
    const html = renderLessonMarkdown(payload);
    expect(html).not.toMatch(/<script|<img[^>]*onerror|<svg|<iframe|href="javascript:|src="javascript:|href="data:/i);
    expect(html).not.toMatch(/<[^>]*\son\w+=/i);
  });

  it('sanitising HTML again strips handlers that slipped into stored content', () => {
    expect(sanitizeLessonHtml('<p onclick="alert(1)">hi</p><script>x</script>')).toBe('<p>hi</p>');
  });
});
