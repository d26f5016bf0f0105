import { mergeRanges, type WatchedRange } from '@portal/shared/progress';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import { i18n } from '@/lib/i18n';
import { reportProgressOnExit, useReportProgress } from '../../api/report-progress';
import { subtractRanges } from '../../utils/played-ranges';
import { VideoPlayer, type VideoPlayerHandle, type VideoReport } from '../video-player';
import type { LessonBodyProps } from './types';

/** Sends only what is new since the last acknowledged report; a failed report is resent with the next one. */
export function VideoLesson({
  view,
  startPosition,
  onPositionChange,
  registerSeek,
  onChanges,
}: LessonBodyProps<'video'>) {
  const { t } = useTranslation('courses');
  const report = useReportProgress();
  const lessonId = view.lesson.id;
  const player = useRef<VideoPlayerHandle>(null);
  const acknowledged = useRef<WatchedRange[]>([]);
  const startAt =
    startPosition?.kind === 'video'
      ? startPosition.seconds
      : view.progress.status === 'completed'
        ? 0
        : (view.progress.position ?? 0);

  useEffect(() => {
    registerSeek((position) => {
      if (position.kind === 'video') player.current?.seekTo(position.seconds);
    });
    return () => registerSeek(null);
  }, [registerSeek]);

  const onReport = useCallback(
    ({ ranges, currentTime, reason }: VideoReport) => {
      const fresh = subtractRanges(ranges, acknowledged.current);
      const body = { kind: 'video' as const, ranges: fresh, position: Math.round(currentTime * 10) / 10 };
      if (reason === 'hidden') {
        reportProgressOnExit(lessonId, body);
        acknowledged.current = mergeRanges([...acknowledged.current, ...fresh]);
        return;
      }
      report.mutate(
        { lessonId, body },
        {
          onSuccess: (result) => {
            acknowledged.current = mergeRanges([...acknowledged.current, ...fresh]);
            onChanges(result.changes);
          },
        },
      );
    },
    [lessonId, report.mutate, onChanges],
  );

  return (
    <div className="flex flex-col gap-3">
      <VideoPlayer
        ref={player}
        src={view.content.url}
        title={view.lesson.title}
        startAt={startAt}
        captionsLanguage={i18n.language}
        onReport={onReport}
        onTimeChange={(seconds) => onPositionChange({ kind: 'video', seconds: Math.floor(seconds) })}
      />
      <div className="flex flex-col gap-1 text-sm text-muted-foreground">
        <ProgressBar
          value={view.progress.percent}
          label={t('video.watched')}
          valueText={t('video.watchedValue', { percent: view.progress.percent })}
        />
        <p>
          {view.progress.status === 'completed'
            ? t('video.completed')
            : t('video.rule', { percent: view.progress.percent })}
        </p>
      </div>
    </div>
  );
}
