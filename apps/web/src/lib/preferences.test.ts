import { clampStep, lineHeightFor, textSizePx } from '@portal/shared/profile';
import { afterEach, describe, expect, it } from 'vitest';
import {
  applyPreferences,
  DEFAULT_PREFERENCES,
  type DisplayPreferences,
  formatDateAs,
  formatTimeAs,
  lineSpacingLabel,
  PREFERENCES_STORAGE_KEY,
  preferenceStyles,
  readStoredPreferences,
  storePreferences,
  textSizeLabel,
} from './preferences';

const root = document.documentElement;
const prefs = (changes: Partial<DisplayPreferences> = {}): DisplayPreferences => ({
  ...DEFAULT_PREFERENCES,
  ...changes,
});
const noFont = () => Promise.resolve();

afterEach(() => {
  root.removeAttribute('style');
  root.removeAttribute('data-contrast');
  root.removeAttribute('data-comfort');
  localStorage.clear();
});

describe('text size and line spacing formulas', () => {
  it('gives 12px, 16px and 20px for text size steps 1, 3 and 5', () => {
    expect([1, 2, 3, 4, 5].map(textSizePx)).toEqual([12, 14, 16, 18, 20]);
    expect(preferenceStyles(prefs({ text_size: 5 })).fontSize).toBe('20px');
  });

  it('gives line heights 1, 1.5 and 2 for line spacing steps 1, 3 and 5', () => {
    expect([1, 3, 5].map(lineHeightFor)).toEqual([1, 1.5, 2]);
    expect(preferenceStyles(prefs({ line_spacing: 1 })).lineHeight).toBe('1');
  });

  it('clamps steps below 1, above 5 and between whole numbers', () => {
    expect(clampStep(0)).toBe(1);
    expect(clampStep(9)).toBe(5);
    expect(clampStep(2.4)).toBe(2);
    expect(clampStep(3.6)).toBe(4);
    expect(textSizePx(0)).toBe(12);
    expect(textSizePx(9)).toBe(20);
    expect(lineHeightFor(-3)).toBe(1);
    expect(lineHeightFor(9)).toBe(2);
  });

  it('labels steps 1-2, 3 and 4-5', () => {
    expect([1, 2, 3, 4, 5].map(textSizeLabel)).toEqual(['small', 'small', 'medium', 'large', 'large']);
    expect([1, 2, 3, 4, 5].map(lineSpacingLabel)).toEqual(['compact', 'compact', 'comfortable', 'airy', 'airy']);
    expect(textSizeLabel(0)).toBe('small');
    expect(lineSpacingLabel(9)).toBe('airy');
  });
});

describe('applying preferences to the page', () => {
  it('sets the root font size, line height, contrast and comfort attributes', async () => {
    await applyPreferences(
      prefs({ text_size: 5, line_spacing: 1, color_contrast: 'High', comfort_mode: 'Low-Stimulus' }),
      { loadFont: noFont },
    );
    expect(root.style.getPropertyValue('--portal-font-size')).toBe('20px');
    expect(root.style.getPropertyValue('--portal-line-height')).toBe('1');
    expect(root.dataset.contrast).toBe('high');
    expect(root.dataset.comfort).toBe('low-stimulus');
  });

  it('marks Focus Mode and standard contrast, and keeps the system font without an override', async () => {
    await applyPreferences(prefs({ comfort_mode: 'Focus Mode', font_family: 'Georgia' }), { loadFont: noFont });
    expect(root.style.getPropertyValue('--portal-font-family')).toContain('Georgia');
    await applyPreferences(prefs({ comfort_mode: 'Focus Mode' }), { loadFont: noFont });
    expect(root.dataset.comfort).toBe('focus');
    expect(root.dataset.contrast).toBe('standard');
    expect(root.style.getPropertyValue('--portal-font-family')).toBe('');
  });

  it('loads OpenDyslexic only when it is chosen', async () => {
    let loads = 0;
    const loadFont = async () => {
      loads += 1;
    };
    await applyPreferences(prefs({ font_family: 'Arial' }), { loadFont });
    expect(loads).toBe(0);
    await applyPreferences(prefs({ font_family: 'OpenDyslexic' }), { loadFont });
    expect(loads).toBe(1);
    expect(root.style.getPropertyValue('--portal-font-family')).toMatch(/^OpenDyslexic,/);
  });

  it('rejects when the chosen font cannot load, after applying everything else', async () => {
    const failing = () => Promise.reject(new Error('chunk failed'));
    await expect(
      applyPreferences(prefs({ font_family: 'OpenDyslexic', text_size: 4 }), { loadFont: failing }),
    ).rejects.toThrow('chunk failed');
    expect(root.style.getPropertyValue('--portal-font-size')).toBe('18px');
  });
});

describe('preferences remembered on this device', () => {
  it('reads back what was stored', () => {
    const chosen = prefs({ text_size: 5, font_family: 'OpenDyslexic', color_contrast: 'High' });
    storePreferences(chosen);
    expect(readStoredPreferences()).toEqual(chosen);
  });

  it('falls back to the defaults when nothing or garbage is stored', () => {
    expect(readStoredPreferences()).toEqual(DEFAULT_PREFERENCES);
    localStorage.setItem(PREFERENCES_STORAGE_KEY, '{not json');
    expect(readStoredPreferences()).toEqual(DEFAULT_PREFERENCES);
  });

  it('repairs damaged fields one by one and clamps stored steps', () => {
    localStorage.setItem(
      PREFERENCES_STORAGE_KEY,
      JSON.stringify({ text_size: 9, line_spacing: 0, font_family: 'Comic', color_contrast: 'High' }),
    );
    expect(readStoredPreferences()).toEqual(
      prefs({ text_size: 5, line_spacing: 1, font_family: 'System', color_contrast: 'High' }),
    );
  });
});

describe('time and date formats', () => {
  const moment = new Date(Date.UTC(2025, 11, 31, 14, 5));

  it('writes dates the US, European and ISO way', () => {
    expect(formatDateAs(moment, 'US', 'UTC')).toBe('12/31/2025');
    expect(formatDateAs(moment, 'EU', 'UTC')).toBe('31/12/2025');
    expect(formatDateAs(moment, 'ISO', 'UTC')).toBe('2025-12-31');
  });

  it('writes times on a 12- or 24-hour clock', () => {
    expect(formatTimeAs(moment, '12h', 'en', 'UTC')).toMatch(/^2:05\sPM$/);
    expect(formatTimeAs(moment, '24h', 'en', 'UTC')).toBe('14:05');
  });
});
