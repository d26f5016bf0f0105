/** Voice reader settings, kept in this browser only. */
export type VoiceSettings = {
  enabled: boolean;
  autoRead: boolean;
  selectedVoice: string | null;
  rate: number;
  pitch: number;
  volume: number;
};

export const VOICE_SETTINGS_KEY = 'portal.voice-settings';
export const VOICE_DEFAULTS: VoiceSettings = {
  enabled: false,
  autoRead: false,
  selectedVoice: null,
  rate: 1,
  pitch: 1,
  volume: 0.8,
};

const clamp = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;

/** Reads stored settings; anything missing or malformed falls back to the defaults. */
export function loadVoiceSettings(
  // None when the page renders on the server: the defaults, until the browser reads its own.
  storage: Pick<Storage, 'getItem'> | null = typeof localStorage === 'undefined' ? null : localStorage,
): VoiceSettings {
  let stored: Partial<Record<keyof VoiceSettings, unknown>> = {};
  try {
    stored = JSON.parse(storage?.getItem(VOICE_SETTINGS_KEY) ?? '{}') ?? {};
  } catch {
    stored = {};
  }
  return {
    enabled: typeof stored.enabled === 'boolean' ? stored.enabled : VOICE_DEFAULTS.enabled,
    autoRead: typeof stored.autoRead === 'boolean' ? stored.autoRead : VOICE_DEFAULTS.autoRead,
    selectedVoice: typeof stored.selectedVoice === 'string' ? stored.selectedVoice : null,
    rate: clamp(stored.rate, 0.5, 2, VOICE_DEFAULTS.rate),
    pitch: clamp(stored.pitch, 0, 2, VOICE_DEFAULTS.pitch),
    volume: clamp(stored.volume, 0, 1, VOICE_DEFAULTS.volume),
  };
}

export function saveVoiceSettings(settings: VoiceSettings, storage: Pick<Storage, 'setItem'> = localStorage) {
  storage.setItem(VOICE_SETTINGS_KEY, JSON.stringify(settings));
}
