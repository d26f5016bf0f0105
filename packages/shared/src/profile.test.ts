import { describe, expect, it } from 'vitest';
import { clampStep, lineHeightFor, profileUpdateSchema, textSizePx } from './profile.ts';

describe('text size and line spacing steps', () => {
  it.each([
    [1, 12],
    [2, 14],
    [3, 16],
    [4, 18],
    [5, 20],
  ])('text size step %i is %i px', (step, px) => {
    expect(textSizePx(step)).toBe(px);
  });

  it.each([
    [1, 1],
    [2, 1.25],
    [3, 1.5],
    [4, 1.75],
    [5, 2],
  ])('line spacing step %i is a line height of %d', (step, height) => {
    expect(lineHeightFor(step)).toBe(height);
  });

  it.each([
    [9, 5],
    [-2, 1],
    [0, 1],
    [2.4, 2],
    [2.5, 3],
  ])('step %d is clamped to %i', (value, step) => {
    expect(clampStep(value)).toBe(step);
  });

  it('sizes outside the range use the nearest step', () => {
    expect(textSizePx(9)).toBe(20);
    expect(lineHeightFor(-3)).toBe(1);
  });
});

describe('profile updates', () => {
  it('clamps text size and line spacing instead of refusing them', () => {
    expect(profileUpdateSchema.parse({ text_size: 9, line_spacing: -2 })).toEqual({ text_size: 5, line_spacing: 1 });
  });

  it('accepts an empty update', () => {
    expect(profileUpdateSchema.parse({})).toEqual({});
  });

  it.each([
    { beta_access: true },
    { two_factor_enabled: true },
    { text_size: '3' },
    { text_size: null },
    { color_contrast: 'Inverted' },
    { primary_language: 'Klingon' },
    { timezone: 'Nowhere/Special' },
    { learning_styles: Array.from({ length: 11 }, (_, i) => `style ${i}`) },
    { calendar_sync: { google: true, outlook: false, icloud: true } },
  ])('refuses %j', (update) => {
    expect(profileUpdateSchema.safeParse(update).success).toBe(false);
  });
});
