import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadVoiceSettings, VOICE_DEFAULTS, VOICE_SETTINGS_KEY } from '@/lib/voice-settings';
import { SPEECH_POLL_MS, useVoiceReader } from './use-voice-reader';

/** The browser's speech engine, which jsdom lacks: records what it was asked to say. */
class FakeSpeech {
  speaking = false;
  spoken: Array<{ text: string; rate: number; pitch: number; volume: number }> = [];
  cancelled = 0;
  speak(utterance: { text: string; rate: number; pitch: number; volume: number }) {
    this.speaking = true;
    this.spoken.push({ text: utterance.text, rate: utterance.rate, pitch: utterance.pitch, volume: utterance.volume });
  }
  cancel() {
    this.cancelled += 1;
    this.speaking = false;
  }
  pause() {}
  resume() {}
  getVoices() {
    return [];
  }
}

let speech: FakeSpeech;
beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  speech = new FakeSpeech();
  Object.defineProperty(window, 'speechSynthesis', { value: speech, configurable: true });
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      text: string;
      rate = 1;
      pitch = 1;
      volume = 1;
      lang = '';
      onend: (() => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('voice settings', () => {
  it('default to off, rate 1, pitch 1, volume 0.8', () => {
    expect(loadVoiceSettings()).toEqual(VOICE_DEFAULTS);
    expect(VOICE_DEFAULTS).toMatchObject({ enabled: false, rate: 1, pitch: 1, volume: 0.8 });
  });

  it('survive a reload and ignore malformed stored values', () => {
    localStorage.setItem(VOICE_SETTINGS_KEY, JSON.stringify({ enabled: true, rate: 9, volume: 'loud' }));
    expect(loadVoiceSettings()).toMatchObject({ enabled: true, rate: 2, volume: 0.8 });
    localStorage.setItem(VOICE_SETTINGS_KEY, '{not json');
    expect(loadVoiceSettings()).toEqual(VOICE_DEFAULTS);
  });
});

describe('voice reader', () => {
  it('says nothing while disabled, then reads with the chosen rate, pitch and volume', () => {
    const { result } = renderHook(() => useVoiceReader());
    act(() => result.current.speak('Lesson one', 'en'));
    expect(speech.spoken).toEqual([]);

    act(() => result.current.update({ enabled: true, rate: 1.5, pitch: 0.5, volume: 0.3 }));
    act(() => result.current.speak('Lesson one', 'en'));
    expect(speech.spoken).toEqual([{ text: 'Lesson one', rate: 1.5, pitch: 0.5, volume: 0.3 }]);
    expect(result.current.speaking).toBe(true);
    expect(JSON.parse(localStorage.getItem(VOICE_SETTINGS_KEY) ?? '{}')).toMatchObject({ enabled: true, rate: 1.5 });
  });

  it('disabling cancels speech at once', () => {
    const { result } = renderHook(() => useVoiceReader());
    act(() => result.current.update({ enabled: true }));
    act(() => result.current.speak('A long text', 'en'));
    act(() => result.current.update({ enabled: false }));
    expect(speech.cancelled).toBeGreaterThan(0);
    expect(result.current.speaking).toBe(false);
  });

  it('pause toggles, and the state resets when speech ends on its own', () => {
    const { result } = renderHook(() => useVoiceReader());
    act(() => result.current.update({ enabled: true }));
    act(() => result.current.speak('Text', 'en'));
    act(() => result.current.togglePause());
    expect(result.current.paused).toBe(true);
    speech.speaking = false;
    act(() => {
      vi.advanceTimersByTime(SPEECH_POLL_MS);
    });
    expect(result.current.speaking).toBe(false);
    expect(result.current.paused).toBe(false);
  });
});
