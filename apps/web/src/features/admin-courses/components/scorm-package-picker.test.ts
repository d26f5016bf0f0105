import type { ScormPackage } from '@portal/shared/scorm';
import { describe, expect, it } from 'vitest';
import { packagesToOffer } from './scorm-package-picker';

const pkg = (id: string, title: string, status: ScormPackage['status']) => ({ id, title, status }) as ScormPackage;

describe('SCORM packages offered for a lesson', () => {
  it('lists ready packages first by title, then those still processing, and leaves failed ones out', () => {
    const offered = packagesToOffer(
      [
        pkg('1', 'zoology', 'ready'),
        pkg('2', 'Algebra', 'processing'),
        pkg('3', 'Botany', 'failed'),
        pkg('4', 'astronomy', 'ready'),
      ],
      '',
    );
    expect(offered.map((entry) => entry.title)).toEqual(['astronomy', 'zoology', 'Algebra']);
  });

  it('keeps a failed package when the lesson already uses it, so the author sees what is wrong', () => {
    const offered = packagesToOffer([pkg('3', 'Botany', 'failed'), pkg('4', 'Astronomy', 'ready')], '3');
    expect(offered.map((entry) => entry.id)).toEqual(['4', '3']);
  });
});
