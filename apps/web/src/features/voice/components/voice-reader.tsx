import { Volume2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useVoiceReader } from '../hooks/use-voice-reader';
import { mainText } from './main-text';

const loadDialog = () => import('./voice-reader-dialog');
const VoiceReaderDialog = lazy(() => loadDialog().then((m) => ({ default: m.VoiceReaderDialog })));

/**
 * Header control: reads the main content aloud, with the reader's settings. The settings dialog's code (focus trap,
 * scroll lock) is fetched when the pointer or focus reaches the button, not with every screen.
 */
export function VoiceReader() {
  const { t, i18n } = useTranslation('voice');
  const reader = useVoiceReader();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const { enabled, autoRead } = reader.settings;
  const { speak } = reader;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new screen (path) is what triggers reading
  useEffect(() => {
    if (!enabled || !autoRead) return;
    // Give the new screen a moment to render before reading it.
    const timer = setTimeout(() => speak(mainText(), i18n.language), 800);
    return () => clearTimeout(timer);
  }, [location.pathname, enabled, autoRead, speak, i18n.language]);

  if (!reader.supported) return null;
  return (
    <>
      <Button
        ref={trigger}
        variant="ghost"
        size="icon"
        aria-label={t('open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => setOpen(true)}
      >
        <Volume2 aria-hidden="true" />
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <VoiceReaderDialog reader={reader} onClose={() => setOpen(false)} returnFocusTo={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}
