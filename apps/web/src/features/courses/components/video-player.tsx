import type { WatchedRange } from '@portal/shared/progress';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { readPlayedRanges } from '../utils/played-ranges';

/** How often watched ranges are reported while the video plays. */
export const VIDEO_REPORT_INTERVAL_MS = 10_000;

export type VideoReportReason = 'interval' | 'pause' | 'ended' | 'hidden';
export type VideoReport = {
  /** Everything actually played since the video loaded (seeking adds nothing). */
  ranges: WatchedRange[];
  currentTime: number;
  duration: number;
  reason: VideoReportReason;
};
export type VideoPlayerHandle = { seekTo: (seconds: number) => void };

/**
 * A native video player that reports real played ranges (HTMLMediaElement.played) every
 * VIDEO_REPORT_INTERVAL_MS while playing, on pause, at the end and when the page is hidden.
 */
export function VideoPlayer({
  src,
  title,
  startAt = 0,
  captionsSrc,
  captionsLanguage,
  onReport,
  onTimeChange,
  ref,
}: {
  src: string;
  title: string;
  startAt?: number;
  captionsSrc?: string | null;
  captionsLanguage?: string;
  onReport: (report: VideoReport) => void;
  onTimeChange?: (seconds: number) => void;
  ref?: Ref<VideoPlayerHandle>;
}) {
  const { t } = useTranslation('courses');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const callbacks = useRef({ onReport, onTimeChange });
  useEffect(() => {
    callbacks.current = { onReport, onTimeChange };
  });
  const startAtRef = useRef(startAt);

  useImperativeHandle(ref, () => ({
    seekTo: (seconds: number) => {
      const video = videoRef.current;
      if (!video) return;
      video.currentTime = Math.max(0, Math.min(seconds, Number.isFinite(video.duration) ? video.duration : seconds));
      video.focus();
    },
  }));

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let lastSecond = -1;
    let timer: ReturnType<typeof setInterval> | null = null;
    const report = (reason: VideoReportReason) => {
      if (!Number.isFinite(video.duration) || video.duration <= 0) return;
      const ranges = readPlayedRanges(video.played);
      if (ranges.length === 0) return;
      callbacks.current.onReport({ ranges, currentTime: video.currentTime, duration: video.duration, reason });
    };
    const stopTimer = () => {
      if (timer) clearInterval(timer);
      timer = null;
    };
    const onPlay = () => {
      stopTimer();
      timer = setInterval(() => report('interval'), VIDEO_REPORT_INTERVAL_MS);
    };
    const onPause = () => {
      stopTimer();
      // The pause that precedes `ended` is reported by `ended` itself.
      if (!video.ended) report('pause');
    };
    const onEnded = () => {
      stopTimer();
      report('ended');
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') report('hidden');
    };
    const onPageHide = () => report('hidden');
    const onTimeUpdate = () => {
      const second = Math.floor(video.currentTime);
      if (second === lastSecond) return;
      lastSecond = second;
      callbacks.current.onTimeChange?.(video.currentTime);
    };
    const onMetadata = () => {
      const start = startAtRef.current;
      if (start > 0 && start < video.duration - 1) video.currentTime = start;
    };
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('loadedmetadata', onMetadata);
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    if (video.readyState >= 1) onMetadata();
    return () => {
      // Leaving the lesson counts as a pause.
      if (!video.paused && !video.ended) report('pause');
      stopTimer();
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('loadedmetadata', onMetadata);
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, []);

  return (
    <div className="flex flex-col gap-2">
      {/* biome-ignore lint/a11y/useMediaCaption: captions are offered when the lesson has them */}
      <video
        ref={videoRef}
        src={src}
        controls
        preload="metadata"
        playsInline
        aria-label={t('video.label', { title })}
        onError={() => setFailed(true)}
        className="aspect-video w-full rounded-md bg-black"
      >
        {captionsSrc ? <track kind="captions" src={captionsSrc} srcLang={captionsLanguage} default /> : null}
      </video>
      {failed ? (
        <Alert variant="destructive">
          {t('video.loadFailed')}{' '}
          <a href={src} target="_blank" rel="noreferrer" className="underline">
            {t('video.openFile')}
          </a>
        </Alert>
      ) : null}
    </div>
  );
}
