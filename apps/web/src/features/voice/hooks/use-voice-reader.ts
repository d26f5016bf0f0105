import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { loadVoiceSettings, saveVoiceSettings, type VoiceSettings } from '@/lib/voice-settings';

/** How often the reader checks whether speech has ended, to reset its state. */
export const SPEECH_POLL_MS = 500;

type Synth = Pick<SpeechSynthesis, 'speak' | 'cancel' | 'pause' | 'resume' | 'getVoices' | 'speaking'>;

function synth(): Synth | null {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
}

// Whether the browser speaks does not change while the page is open.
const noChange = () => () => undefined;
const hasSpeech = () => synth() !== null;
const noSpeech = () => false;

/** Reads text aloud with the Web Speech API, following the stored voice settings. */
export function useVoiceReader() {
  const [settings, setSettings] = useState<VoiceSettings>(() => loadVoiceSettings());
  const [speaking, setSpeaking] = useState(false);
  const [paused, setPaused] = useState(false);
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  // Known in the browser only: a page rendered on the server (and hydrated) shows no reader at first.
  const supported = useSyncExternalStore(noChange, hasSpeech, noSpeech);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  useEffect(() => {
    const speech = synth();
    if (!speech) return;
    const refresh = () => setVoices(speech.getVoices());
    refresh();
    window.speechSynthesis.addEventListener?.('voiceschanged', refresh);
    return () => window.speechSynthesis.removeEventListener?.('voiceschanged', refresh);
  }, []);

  // Speech can end without an event we hear (another tab, the OS); poll and reset.
  useEffect(() => {
    if (!speaking) return;
    const timer = setInterval(() => {
      if (!synth()?.speaking) {
        setSpeaking(false);
        setPaused(false);
      }
    }, SPEECH_POLL_MS);
    return () => clearInterval(timer);
  }, [speaking]);

  const stop = useCallback(() => {
    synth()?.cancel();
    setSpeaking(false);
    setPaused(false);
  }, []);

  const update = useCallback(
    (changes: Partial<VoiceSettings>) => {
      const next = { ...settingsRef.current, ...changes };
      if (!next.enabled) {
        next.autoRead = false;
        stop();
      }
      saveVoiceSettings(next);
      setSettings(next);
    },
    [stop],
  );

  const speak = useCallback((text: string, language: string) => {
    const speech = synth();
    const current = settingsRef.current;
    if (!speech || !current.enabled || text.trim() === '') return;
    speech.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = language;
    utterance.rate = current.rate;
    utterance.pitch = current.pitch;
    utterance.volume = current.volume;
    const voice = speech.getVoices().find((candidate) => candidate.voiceURI === current.selectedVoice);
    if (voice) utterance.voice = voice;
    utterance.onend = () => {
      setSpeaking(false);
      setPaused(false);
    };
    speech.speak(utterance);
    setSpeaking(true);
    setPaused(false);
  }, []);

  const togglePause = useCallback(() => {
    const speech = synth();
    if (!speech || !speaking) return;
    if (paused) speech.resume();
    else speech.pause();
    setPaused(!paused);
  }, [paused, speaking]);

  return { supported, settings, update, voices, speaking, paused, speak, togglePause, stop };
}
