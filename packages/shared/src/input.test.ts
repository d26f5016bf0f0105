import { describe, expect, it } from 'vitest';
import { isOwnPath, isWebLink, ownPathSchema, personNameSchema } from './input.ts';
import { profileUpdateSchema } from './profile.ts';

describe('links users may write', () => {
  it.each([
    'https://example.com/guide',
    'http://example.com',
    'HTTPS://EXAMPLE.COM/a?b=c#d',
    '/dashboard/learner',
    '/',
  ])('%s is accepted', (link) => {
    expect(isWebLink(link)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/png;base64,iVBORw0KGgo=',
    'vbscript:msgbox(1)',
    'mailto:someone@example.com',
    'file:///etc/passwd',
    '//evil.example/page',
    '/\\evil.example',
    '/\t/evil.example',
    'https://exa mple.com',
    'relative/page',
    '',
  ])('%j is refused', (link) => {
    expect(isWebLink(link)).toBe(false);
  });

  it('a page of ours is a path with a single leading slash', () => {
    expect(isOwnPath('/auth/confirm')).toBe(true);
    expect(isOwnPath('https://portal.example/auth/confirm')).toBe(false);
    expect(ownPathSchema.safeParse('//evil.example').success).toBe(false);
    expect(ownPathSchema.safeParse(`/${'a'.repeat(5000)}`).success).toBe(false);
  });
});

describe('names', () => {
  it('are trimmed', () => {
    expect(personNameSchema.parse('  Ada Lovelace ')).toBe('Ada Lovelace');
  });

  it.each([
    ['empty', '   '],
    ['too long', 'x'.repeat(1_000_000)],
    ['holding a NUL', 'Ada\u0000'],
    ['on two lines', 'Ada\nLovelace'],
    ['holding a C1 control', 'Ada\u0085'],
  ])('are refused when %s', (_label, name) => {
    expect(personNameSchema.safeParse(name).success).toBe(false);
  });

  it.each([null, 42, { first: 'Ada' }, ['Ada']])('are refused when they are %j instead of text', (name) => {
    expect(personNameSchema.safeParse(name).success).toBe(false);
  });

  it('profile names follow the same one-line rule', () => {
    expect(profileUpdateSchema.safeParse({ full_name: 'Ada\u0007' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ display_name: 'Ada\r\nL' }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ full_name: 'Ada Lovelace', display_name: null }).success).toBe(true);
  });
});
