import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { prerenderedPages, visitorLanguage } from './prerendered-pages.ts';

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers }) as unknown as FastifyRequest;

function buildWithPages() {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'prerendered-'));
  for (const language of ['en', 'zh', 'de']) {
    mkdirSync(path.join(dist, 'prerendered', language), { recursive: true });
    for (const page of ['index', 'index.chosen', 'login', 'login.chosen']) {
      writeFileSync(path.join(dist, 'prerendered', language, `${page}.html`), '<html></html>');
    }
  }
  return prerenderedPages(dist);
}

describe('visitorLanguage', () => {
  it('follows the stored choice, then the browser languages by weight, else English', () => {
    expect(visitorLanguage(request('/', { cookie: 'a=1; portal.language=de', 'accept-language': 'zh' }))).toBe('de');
    expect(visitorLanguage(request('/', { 'accept-language': 'fr;q=0.9, zh-CN;q=0.8, de;q=0.85' }))).toBe('de');
    expect(visitorLanguage(request('/', { 'accept-language': 'zh-Hans-CN,zh;q=0.9,en;q=0.8' }))).toBe('zh');
    expect(visitorLanguage(request('/', { cookie: 'portal.language=<script>', 'accept-language': 'fr' }))).toBe('en');
  });
});

describe('prerenderedPages', () => {
  const pages = buildWithPages();

  it('answers / and /login in the visitor language, with the banner until the cookie choice is made', () => {
    expect(pages.pick(request('/', { 'accept-language': 'de-DE' }))).toBe(path.join('prerendered', 'de', 'index.html'));
    expect(pages.pick(request('/login', { cookie: 'portal.consent=1' }))).toBe(
      path.join('prerendered', 'en', 'login.chosen.html'),
    );
  });

  it('leaves signed-in visitors, query strings and other paths to the app shell', () => {
    expect(pages.pick(request('/', { cookie: 'portal.session_token=abc' }))).toBeNull();
    expect(pages.pick(request('/login?mode=signup'))).toBeNull();
    expect(pages.pick(request('/contact'))).toBeNull();
    expect(pages.pick(request('/../index'))).toBeNull();
  });

  it('finds nothing in a build without prerendered pages', () => {
    const empty = prerenderedPages(mkdtempSync(path.join(os.tmpdir(), 'no-prerender-')));
    expect(empty.pick(request('/'))).toBeNull();
  });
});
