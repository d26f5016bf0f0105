import { describe, expect, it } from 'vitest';
import { renderNoteMarkdown } from './render-note-markdown';

/** Parses the rendered HTML the way the browser will when it is inserted into the page. */
const parse = (html: string) => {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
};

const activeContent = (container: HTMLElement) => {
  const problems: string[] = [];
  for (const element of container.querySelectorAll('*')) {
    if (
      ['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'IMG', 'SVG', 'STYLE', 'FORM'].includes(element.tagName.toUpperCase())
    ) {
      problems.push(element.tagName);
    }
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('on')) problems.push(`${element.tagName} ${attribute.name}`);
      if (/^\s*(javascript|vbscript|data):/i.test(attribute.value))
        problems.push(`${element.tagName} ${attribute.value}`);
    }
  }
  return problems;
};

describe('note Markdown', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[click me](javascript:alert(1))',
    '[click me](JaVaScRiPt:alert(1))',
    '<a href="javascript:alert(1)">x</a>',
    '<svg onload=alert(1)><circle /></svg>',
    '<iframe src="https://example.com"></iframe>',
    '![x](javascript:alert(1))',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<details open ontoggle=alert(1)>',
  ])('renders %s as inert text', (payload) => {
    const container = parse(renderNoteMarkdown(`Before ${payload} after`));
    expect(activeContent(container)).toEqual([]);
    expect(container.textContent).toContain('Before');
  });

  it('keeps the formatting a learner writes', () => {
    const container = parse(renderNoteMarkdown('**Spacing** beats *cramming*\n\n- one\n- two\n\n`code`'));
    expect(container.querySelector('strong')?.textContent).toBe('Spacing');
    expect(container.querySelector('em')?.textContent).toBe('cramming');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('code')?.textContent).toBe('code');
  });

  it('opens links in a new tab that cannot reach back', () => {
    const link = parse(renderNoteMarkdown('See https://example.com/guide')).querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com/guide');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it.each([
    '[write](mailto:someone@example.com)',
    '[call](tel:+4915112345678)',
    '[picture](data:image/png;base64,iVBORw0KGgo=)',
    '[elsewhere](//evil.example/page)',
  ])('%s keeps its text but is no link, as only https:, http: and our own paths are', (source) => {
    const container = parse(renderNoteMarkdown(source));
    expect(container.querySelector('[href]')).toBeNull();
    expect(container.textContent).not.toBe('');
  });

  it('keeps a link to a page of ours', () => {
    const link = parse(renderNoteMarkdown('[lesson](/dashboard/learner/courses/study-skills)')).querySelector('a');
    expect(link?.getAttribute('href')).toBe('/dashboard/learner/courses/study-skills');
  });

  it('moves headings below the page outline', () => {
    const container = parse(renderNoteMarkdown('# Big idea\n\n## Detail', 4));
    expect(container.querySelector('h4')?.textContent).toBe('Big idea');
    expect(container.querySelector('h5')?.textContent).toBe('Detail');
    expect(container.querySelector('h1, h2, h3')).toBeNull();
  });
});
