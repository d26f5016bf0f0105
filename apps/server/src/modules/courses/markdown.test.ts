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

  it.each([
    ['[write to us](mailto:someone@example.com)', 'write to us'],
    ['[call](tel:+4915112345678)', 'call'],
    ['[elsewhere](//evil.example/page)', 'elsewhere'],
    ['[picture](data:image/png;base64,iVBORw0KGgo=)', 'picture'],
  ])('%s keeps its text but loses a link that is not https:, http: or a path of ours', (source, text) => {
    const html = renderLessonMarkdown(source);
    expect(html).toContain(text);
    expect(html).not.toContain('href=');
  });

  it('keeps links to web pages and to pages of ours, and https images', () => {
    const html = renderLessonMarkdown(
      '[guide](http://example.com/guide) [next](/courses/study-skills) ![map](https://example.com/map.png)',
    );
    expect(html).toContain('href="http://example.com/guide"');
    expect(html).toContain('href="/courses/study-skills"');
    expect(html).toMatch(/<img [^>]*src="https:\/\/example\.com\/map\.png"/);
  });

  it.each(['![x](data:image/png;base64,iVBORw0KGgo=)', '![x](//evil.example/x.png)'])(
    '%s leaves no image behind',
    (source) => {
      expect(renderLessonMarkdown(source)).not.toContain('<img');
    },
  );

  it('sanitising HTML again strips handlers that slipped into stored content', () => {
    expect(sanitizeLessonHtml('<p onclick="alert(1)">hi</p><script>x</script>')).toBe('<p>hi</p>');
  });
});
