import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SanitizedHtml, sanitizeHtml } from './sanitized-html';

describe('sanitised HTML', () => {
  afterEach(cleanup);
  it('leaves script, event handlers and javascript: links inert', () => {
    const html = sanitizeHtml(
      '<p>Hi<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="https://evil.test"></iframe><form><input></form>',
    );
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe|<form|<input/i);
    expect(html).toContain('<p>Hi</p>');
  });

  it('keeps ordinary Markdown output and protects links that open a new tab', () => {
    const html = sanitizeHtml('<h2>Title</h2><ul><li>One</li></ul><a href="https://example.com" target="_blank">x</a>');
    expect(html).toContain('<ul><li>One</li></ul>');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('shifts headings down so they continue the page outline', () => {
    const { container } = render(<SanitizedHtml html="<h1>Big</h1><h2>Smaller</h2><h6>Least</h6>" headingOffset={2} />);
    expect(container.querySelector('h3')?.textContent).toBe('Big');
    expect(container.querySelector('h4')?.textContent).toBe('Smaller');
    expect(container.querySelectorAll('h6')).toHaveLength(1);
    expect(container.querySelector('h1')).toBeNull();
  });
});
