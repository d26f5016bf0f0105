import { describe, expect, it } from 'vitest';
import { addToQueue, isQueueComplete, progressForBytes, removeFromQueue, updateItem } from './upload-queue';

const file = (name: string) => new File(['x'], name, { type: 'application/zip' });

describe('the SCORM upload queue', () => {
  it('moves from 10 to 50 with the bytes actually sent', () => {
    expect(progressForBytes(0, 1000)).toBe(10);
    expect(progressForBytes(500, 1000)).toBe(30);
    expect(progressForBytes(1000, 1000)).toBe(50);
    expect(progressForBytes(5, 0)).toBe(10);
  });

  it('keeps one pending file at a time and removes only pending files', () => {
    let queue = addToQueue([], file('a.zip'), '1');
    queue = addToQueue(queue, file('b.zip'), '2');
    expect(queue.map((item) => item.file.name)).toEqual(['b.zip']);
    queue = updateItem(queue, '2', { status: 'success', progress: 100 });
    queue = addToQueue(queue, file('c.zip'), '3');
    expect(removeFromQueue(queue, '2')).toHaveLength(2);
    expect(removeFromQueue(queue, '3').map((item) => item.id)).toEqual(['2']);
  });

  it('is complete only when every item succeeded', () => {
    expect(isQueueComplete([])).toBe(false);
    const queue = updateItem(addToQueue([], file('a.zip'), '1'), '1', { status: 'success' });
    expect(isQueueComplete(queue)).toBe(true);
    expect(isQueueComplete(updateItem(queue, '1', { status: 'error' }))).toBe(false);
  });
});
