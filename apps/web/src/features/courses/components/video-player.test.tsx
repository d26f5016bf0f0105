import '@/lib/i18n';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIDEO_REPORT_INTERVAL_MS, VideoPlayer, type VideoReport } from './video-player';

function fakePlayback(video: HTMLMediaElement, pairs: Array<[number, number]>, currentTime: number) {
  Object.defineProperty(video, 'duration', { configurable: true, value: 120 });
  Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: currentTime });
  Object.defineProperty(video, 'played', {
    configurable: true,
    value: { length: pairs.length, start: (i: number) => pairs[i]?.[0] ?? 0, end: (i: number) => pairs[i]?.[1] ?? 0 },
  });
}

describe('video player', () => {
  afterEach(cleanup);
  afterEach(() => vi.useRealTimers());

  it('reports the ranges really played, not the seek, on pause and every 10 seconds while playing', () => {
    vi.useFakeTimers();
    const reports: VideoReport[] = [];
    render(<VideoPlayer src="/v.mp4" title="Intro" onReport={(report) => reports.push(report)} />);
    const video = screen.getByLabelText('Video: Intro') as HTMLVideoElement;

    fakePlayback(
      video,
      [
        [0, 8],
        [110, 112],
      ],
      112,
    );
    act(() => {
      video.dispatchEvent(new Event('play'));
      vi.advanceTimersByTime(VIDEO_REPORT_INTERVAL_MS);
    });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      reason: 'interval',
      ranges: [
        [0, 8],
        [110, 112],
      ],
      currentTime: 112,
      duration: 120,
    });

    act(() => {
      video.dispatchEvent(new Event('pause'));
      vi.advanceTimersByTime(VIDEO_REPORT_INTERVAL_MS * 2);
    });
    expect(reports.map((report) => report.reason)).toEqual(['interval', 'pause']);
  });

  it('reports when the page is hidden', () => {
    const reports: VideoReport[] = [];
    render(<VideoPlayer src="/v.mp4" title="Intro" onReport={(report) => reports.push(report)} />);
    fakePlayback(screen.getByLabelText('Video: Intro') as HTMLVideoElement, [[0, 30]], 30);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(reports[0]?.reason).toBe('hidden');
  });
});
