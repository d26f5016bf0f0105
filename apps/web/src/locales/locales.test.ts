import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { INTERFACE_LANGUAGES } from '@portal/shared/language';
import { describe, expect, it } from 'vitest';

const root = path.dirname(new URL(import.meta.url).pathname);

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>(
    (all, [key, child]) => Object.assign(all, flatten(child, prefix ? `${prefix}.${key}` : key)),
    {},
  );
}

const namespaces = readdirSync(path.join(root, 'en')).filter((file) => file.endsWith('.json'));
const load = (language: string, file: string) =>
  flatten(JSON.parse(readFileSync(path.join(root, language, file), 'utf8')));

describe('translations', () => {
  it.each(namespaces)('%s has the same keys in en, zh and de, none empty', (file) => {
    const english = load('en', file);
    for (const language of INTERFACE_LANGUAGES) {
      const translated = load(language, file);
      expect(Object.keys(translated).sort(), `${language}/${file}`).toEqual(Object.keys(english).sort());
      const empty = Object.entries(translated).filter(([, text]) => typeof text !== 'string' || text.trim() === '');
      expect(empty, `${language}/${file}`).toEqual([]);
    }
  });

  it.each(namespaces)('%s keeps every {{placeholder}} of the English text', (file) => {
    const english = load('en', file);
    const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const language of ['zh', 'de']) {
      const translated = load(language, file);
      for (const [key, text] of Object.entries(english)) {
        expect(placeholders(translated[key]), `${language}/${file}:${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('the spec texts appear word for word in English', () => {
    const common = load('en', 'common.json');
    const auth = load('en', 'auth.json');
    const settings = load('en', 'settings.json');
    expect(common.loadingExperience).toBe('Loading your learning experience...');
    expect(common['errorFallback.title']).toBe('Something went wrong');
    expect(common['errorFallback.description']).toBe(
      "This component encountered an error and couldn't render properly.",
    );
    expect(common['scormPlayerError.title']).toBe('SCORM Player Loading Error');
    expect(common['scormPlayerError.description']).toBe('Unable to load SCORM player component');
    expect(auth.credentialsRequired).toBe('You must provide either an email or phone number and a password');
    expect(settings.loadFailed).toBe('Failed to load profile data.');
    expect(settings.createFailed).toBe('Failed to create profile.');
    expect(settings.saveFailed).toBe('Failed to save settings.');
    expect(settings.saved).toBe('Settings saved');
    expect(settings.applyFailed).toBe('Failed to apply accessibility settings. Please try refreshing the page.');
    expect(load('en', 'security.json')['changePassword.failed']).toBe('Failed to change password.');
  });
});
