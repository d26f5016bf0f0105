import { loadVoiceSettings } from '@/lib/voice-settings';
import { answerText } from './answer-text';

/** The learner turned the voice reader on in this browser. */
export const voiceReaderOn = () =>
  typeof window !== 'undefined' && 'speechSynthesis' in window && loadVoiceSettings().enabled;

/** Reads an answer, without its Markdown marks, with the voice reader's own settings (voice, rate, pitch, volume). */
export function readAloud(answer: string, language: string) {
  const text = answerText(answer);
  if (!voiceReaderOn() || text === '') return;
  const settings = loadVoiceSettings();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.lang = language;
  utterance.rate = settings.rate;
  utterance.pitch = settings.pitch;
  utterance.volume = settings.volume;
  const voice = window.speechSynthesis.getVoices().find((candidate) => candidate.voiceURI === settings.selectedVoice);
  if (voice) utterance.voice = voice;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
}

/** Answers are read out by themselves when the learner asked the reader to read new content aloud. */
export const autoReadOn = () => voiceReaderOn() && loadVoiceSettings().autoRead;
