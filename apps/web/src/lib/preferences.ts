import type { Profile } from '@portal/shared/profile';
import {
  COLOR_CONTRASTS,
  COMFORT_MODES,
  clampStep,
  type DATE_FORMATS,
  FONT_FAMILIES,
  lineHeightFor,
  PROFILE_DEFAULTS,
  type TIME_FORMATS,
  textSizePx,
} from '@portal/shared/profile-display';
import { dateTimeFormat } from './intl-formats';

/** The profile fields that change how every screen looks. */
export type DisplayPreferences = Pick<
  Profile,
  'comfort_mode' | 'font_family' | 'color_contrast' | 'text_size' | 'line_spacing'
>;
export type FontFamily = (typeof FONT_FAMILIES)[number];
export type ComfortMode = (typeof COMFORT_MODES)[number];
export type TimeFormat = (typeof TIME_FORMATS)[number];
export type DateFormat = (typeof DATE_FORMATS)[number];

export const PREFERENCES_STORAGE_KEY = 'portal.preferences';

export const DEFAULT_PREFERENCES: DisplayPreferences = {
  comfort_mode: PROFILE_DEFAULTS.comfort_mode,
  font_family: PROFILE_DEFAULTS.font_family,
  color_contrast: PROFILE_DEFAULTS.color_contrast,
  text_size: PROFILE_DEFAULTS.text_size,
  line_spacing: PROFILE_DEFAULTS.line_spacing,
};

/** Font stacks; `null` keeps the theme's system stack. */
export const FONT_STACKS: Record<FontFamily, string | null> = {
  System: null,
  OpenDyslexic: 'OpenDyslexic, ui-sans-serif, system-ui, sans-serif',
  Arial: 'Arial, "Liberation Sans", Helvetica, sans-serif',
  Georgia: 'Georgia, "DejaVu Serif", "Times New Roman", serif',
  Cursive: '"Comic Sans MS", "Comic Neue", "Segoe Print", cursive',
};

/** Values of the `data-comfort` attribute that styles.css reacts to. */
export const COMFORT_ATTRIBUTES: Record<ComfortMode, 'normal' | 'focus' | 'low-stimulus'> = {
  Normal: 'normal',
  'Focus Mode': 'focus',
  'Low-Stimulus': 'low-stimulus',
};

export type TextSizeLabel = 'small' | 'medium' | 'large';
export type LineSpacingLabel = 'compact' | 'comfortable' | 'airy';

export function textSizeLabel(step: number): TextSizeLabel {
  const value = clampStep(step);
  if (value <= 2) return 'small';
  return value === 3 ? 'medium' : 'large';
}

export function lineSpacingLabel(step: number): LineSpacingLabel {
  const value = clampStep(step);
  if (value <= 2) return 'compact';
  return value === 3 ? 'comfortable' : 'airy';
}

export function pickPreferences(profile: DisplayPreferences): DisplayPreferences {
  return {
    comfort_mode: profile.comfort_mode,
    font_family: profile.font_family,
    color_contrast: profile.color_contrast,
    text_size: clampStep(profile.text_size),
    line_spacing: clampStep(profile.line_spacing),
  };
}

/** The CSS values the formulas give for a set of preferences. */
export function preferenceStyles(preferences: DisplayPreferences) {
  return {
    fontSize: `${textSizePx(preferences.text_size)}px`,
    lineHeight: String(lineHeightFor(preferences.line_spacing)),
    fontFamily: FONT_STACKS[preferences.font_family],
    contrast: preferences.color_contrast === 'High' ? 'high' : 'standard',
    comfort: COMFORT_ATTRIBUTES[preferences.comfort_mode],
  } as const;
}

let openDyslexic: Promise<void> | undefined;

/** Loads the OpenDyslexic faces (a separate stylesheet and font files served from our own origin) once. */
export function loadOpenDyslexic(): Promise<void> {
  openDyslexic ??= Promise.all([
    import('@fontsource/opendyslexic/400.css'),
    import('@fontsource/opendyslexic/700.css'),
  ]).then(
    () => undefined,
    (error: unknown) => {
      openDyslexic = undefined;
      throw error;
    },
  );
  return openDyslexic;
}

type ApplyOptions = { root?: HTMLElement; loadFont?: () => Promise<void> };

/** Sets the root font size, line height, font, contrast and comfort mode; rejects if a chosen font cannot load. */
export async function applyPreferences(
  preferences: DisplayPreferences,
  { root = document.documentElement, loadFont = loadOpenDyslexic }: ApplyOptions = {},
): Promise<void> {
  const styles = preferenceStyles(preferences);
  root.style.setProperty('--portal-font-size', styles.fontSize);
  root.style.setProperty('--portal-line-height', styles.lineHeight);
  if (styles.fontFamily) root.style.setProperty('--portal-font-family', styles.fontFamily);
  else root.style.removeProperty('--portal-font-family');
  root.dataset.contrast = styles.contrast;
  root.dataset.comfort = styles.comfort;
  if (preferences.font_family === 'OpenDyslexic') await loadFont();
}

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.find((allowed) => allowed === value) ?? fallback;
const stepOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? clampStep(value) : fallback;

/** Stored preferences checked field by field (kept free of schema libraries: this runs before the first paint). */
function parseStoredPreferences(value: unknown): DisplayPreferences {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return DEFAULT_PREFERENCES;
  const stored = value as Record<string, unknown>;
  return {
    comfort_mode: oneOf(COMFORT_MODES, stored.comfort_mode, DEFAULT_PREFERENCES.comfort_mode),
    font_family: oneOf(FONT_FAMILIES, stored.font_family, DEFAULT_PREFERENCES.font_family),
    color_contrast: oneOf(COLOR_CONTRASTS, stored.color_contrast, DEFAULT_PREFERENCES.color_contrast),
    text_size: stepOr(stored.text_size, DEFAULT_PREFERENCES.text_size),
    line_spacing: stepOr(stored.line_spacing, DEFAULT_PREFERENCES.line_spacing),
  };
}

const browserStorage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

/** The preferences last applied on this device, or the defaults; damaged values fall back field by field. */
export function readStoredPreferences(storage: Storage | undefined = browserStorage()): DisplayPreferences {
  try {
    const raw = storage?.getItem(PREFERENCES_STORAGE_KEY);
    if (!raw) return DEFAULT_PREFERENCES;
    return parseStoredPreferences(JSON.parse(raw));
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function storePreferences(preferences: DisplayPreferences, storage: Storage | undefined = browserStorage()) {
  try {
    storage?.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(pickPreferences(preferences)));
  } catch {
    // Storage may be full or blocked; the profile still applies on the next sign-in.
  }
}

function dateParts(date: Date, timeZone?: string) {
  const parts = dateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** US 12/31/2025, EU 31/12/2025, ISO 2025-12-31. */
export function formatDateAs(date: Date, format: DateFormat, timeZone?: string): string {
  const { year, month, day } = dateParts(date, timeZone);
  if (format === 'ISO') return `${year}-${month}-${day}`;
  return format === 'EU' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

export function formatTimeAs(date: Date, format: TimeFormat, locale: string, timeZone?: string): string {
  return dateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: format === '12h' ? 'h12' : 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
