import { describe, expect, it } from 'vitest';
import { coachText } from './coach-texts.ts';

describe('the built-in coach’s sentences', () => {
  it('say one flashcard, day or answer in the singular and several in the plural (en, de)', () => {
    expect(coachText('en', 'newCards', { fresh: 1 })).toBe('You have 1 new flashcard waiting when you have time.');
    expect(coachText('en', 'newCards', { fresh: 3 })).toBe('You have 3 new flashcards waiting when you have time.');
    expect(coachText('en', 'dueCards', { due: 1, minutes: 1 })).toBe(
      'Review your 1 due flashcard first (about 1 min).',
    );
    expect(coachText('en', 'progressStreak', { streak: 1, longest: 4 })).toBe('Learning streak: 1 day (longest 4).');
    expect(coachText('en', 'weakScorm', { lesson: 'Cells', course: 'Biology', failed: 1 })).toBe(
      'Revisit “Cells” in Biology: 1 of your answers there was wrong.',
    );
    expect(coachText('de', 'newCards', { fresh: 1 })).toBe('Es wartet 1 neue Karteikarte, wenn Sie Zeit haben.');
    expect(coachText('de', 'newCards', { fresh: 2 })).toBe('Es warten 2 neue Karteikarten, wenn Sie Zeit haben.');
    expect(coachText('de', 'streakKeep', { streak: 1 })).toBe('Wenn Sie heute lernen, hält Ihre Serie von 1 Tag.');
    expect(coachText('de', 'progressStreak', { streak: 0, longest: 2 })).toBe('Lernserie: 0 Tage (längste 2).');
  });

  it('use the one Chinese form whatever the count', () => {
    expect(coachText('zh', 'newCards', { fresh: 1 })).toBe('有空时还有 1 张新抽认卡等您学习。');
    expect(coachText('zh', 'newCards', { fresh: 5 })).toBe('有空时还有 5 张新抽认卡等您学习。');
  });
});
