import { Pause, Play, Square } from 'lucide-react';
import { type RefObject, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import type { useVoiceReader } from '../hooks/use-voice-reader';
import { mainText } from './main-text';

function Toggle({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className="size-5 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}

function Slider({
  label,
  value,
  min,
  max,
  step,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-sm">
        <Label htmlFor={id}>{label}</Label>
        <output htmlFor={id} className="tabular-nums text-muted-foreground">
          {value.toFixed(1)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-6 accent-primary"
      />
    </div>
  );
}

/** The reader's settings and controls, open until closed; focus then goes back to the header button. */
export function VoiceReaderDialog({
  reader,
  onClose,
  returnFocusTo,
}: {
  reader: ReturnType<typeof useVoiceReader>;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t, i18n } = useTranslation('voice');
  const voiceId = useId();
  const { enabled, autoRead } = reader.settings;
  const { speak } = reader;
  const language = i18n.language.split('-')[0] ?? 'en';
  const matchingVoices = reader.voices.filter((voice) => voice.lang.toLowerCase().startsWith(language));
  const voices = matchingVoices.length > 0 ? matchingVoices : reader.voices;

  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent
        closeLabel={t('close')}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogDescription>{t('description')}</DialogDescription>
        <div className="flex flex-col gap-4">
          <Toggle label={t('enabled')} checked={enabled} onChange={(value) => reader.update({ enabled: value })} />
          <Toggle
            label={t('autoRead')}
            checked={autoRead}
            disabled={!enabled}
            onChange={(value) => reader.update({ autoRead: value })}
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={voiceId}>{t('voice')}</Label>
            <select
              id={voiceId}
              className="h-10 rounded-md border border-border bg-card px-2 text-sm"
              value={reader.settings.selectedVoice ?? ''}
              onChange={(event) => reader.update({ selectedVoice: event.target.value || null })}
            >
              <option value="">{t('defaultVoice')}</option>
              {voices.map((voice) => (
                <option key={voice.voiceURI} value={voice.voiceURI}>
                  {voice.name} ({voice.lang})
                </option>
              ))}
            </select>
          </div>
          <Slider
            label={t('rate')}
            value={reader.settings.rate}
            min={0.5}
            max={2}
            step={0.1}
            onChange={(rate) => reader.update({ rate })}
          />
          <Slider
            label={t('pitch')}
            value={reader.settings.pitch}
            min={0}
            max={2}
            step={0.1}
            onChange={(pitch) => reader.update({ pitch })}
          />
          <Slider
            label={t('volume')}
            value={reader.settings.volume}
            min={0}
            max={1}
            step={0.1}
            onChange={(volume) => reader.update({ volume })}
          />
          <div className="flex flex-wrap gap-2" aria-live="polite">
            <Button disabled={!enabled} onClick={() => speak(mainText(), i18n.language)}>
              <Play aria-hidden="true" />
              {t('readPage')}
            </Button>
            <Button variant="outline" disabled={!reader.speaking} onClick={reader.togglePause}>
              <Pause aria-hidden="true" />
              {reader.paused ? t('resume') : t('pause')}
            </Button>
            <Button variant="outline" disabled={!reader.speaking} onClick={reader.stop}>
              <Square aria-hidden="true" />
              {t('stop')}
            </Button>
          </div>
          {!enabled ? <p className="text-sm text-muted-foreground">{t('disabledHint')}</p> : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
