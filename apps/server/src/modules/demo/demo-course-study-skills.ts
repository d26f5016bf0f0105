import type { DemoCourse } from './demo-course.types.ts';

/** How memory works, and a study routine built on it. */
export const STUDY_SKILLS_COURSE: DemoCourse = {
  slug: 'study-skills-that-stick',
  title: 'Study skills that stick',
  description:
    'Learn how memory works and turn it into a study routine: test yourself, space your reviews and plan a week that you can keep.',
  requiredTier: 'calm',
  modules: [
    {
      title: 'How memory works',
      description: 'Why we forget, and the one habit that makes learning last.',
      lessons: [
        {
          kind: 'text',
          title: 'Why we forget',
          markdown: `# Why we forget

In the 1880s Hermann Ebbinghaus memorised lists of nonsense syllables and tested himself at different intervals.
He found that most of what we learn fades quickly at first and then more slowly: the **forgetting curve**.

Forgetting is not a flaw. Your brain keeps what it expects to need and lets the rest go.
Every time you *retrieve* something, you tell it: "this matters".

## What this means for you

- Reading a chapter once feels productive, but a week later most of it is gone.
- Each well-timed review flattens the curve, so the next review can come later.
- Effort is a good sign: if remembering feels a little hard, it is working.

> Learning is not only putting information in. It is practising getting it out.`,
        },
        {
          kind: 'text',
          title: 'Retrieval practice',
          markdown: `# Retrieval practice

Retrieval practice means recalling what you learned *without looking*, and only then checking.
Hundreds of studies show it beats re-reading and highlighting for long-term memory.

## Ways to practise

1. **Blank page:** close your notes and write down everything you remember about a topic.
2. **Flashcards:** a question on one side, the answer on the other. Say the answer before you turn the card.
3. **Teach it:** explain the idea out loud to a friend, or to an empty chair.
4. **Practice questions:** the quizzes in this portal are retrieval practice too.

## Make mistakes useful

Getting an answer wrong, then seeing the right one, is one of the strongest ways to learn it.
Note what you missed and review exactly that next time.`,
        },
        {
          kind: 'quiz',
          title: 'Check: memory basics',
          passMark: 60,
          questions: [
            {
              kind: 'single',
              prompt: 'What does the forgetting curve describe?',
              choices: [
                { text: 'Memory fades fast at first, then more slowly', correct: true },
                { text: 'Memory stays the same until it suddenly disappears' },
                { text: 'We forget only what we did not understand' },
              ],
              feedback_correct:
                'Right: most forgetting happens soon after learning, which is why early reviews matter.',
              feedback_incorrect: 'The curve drops steeply at first and then flattens: early reviews matter most.',
            },
            {
              kind: 'single',
              prompt: 'Which of these is retrieval practice?',
              choices: [
                { text: 'Highlighting the key sentences' },
                { text: 'Writing down what you remember with your notes closed', correct: true },
                { text: 'Reading the chapter a second time' },
              ],
              feedback_correct: 'Yes: recalling without looking is retrieval practice.',
              feedback_incorrect: 'Retrieval means getting the knowledge out of your head before you check.',
            },
            {
              kind: 'multiple',
              prompt: 'Which habits help you remember longer? Choose all that apply.',
              choices: [
                { text: 'Testing yourself with flashcards', correct: true },
                { text: 'Explaining an idea out loud', correct: true },
                { text: 'Re-reading until it feels familiar' },
              ],
              feedback_correct: 'Exactly: both make you retrieve the idea.',
              feedback_incorrect: 'Familiarity is not memory. Flashcards and explaining both make you retrieve.',
            },
          ],
        },
      ],
    },
    {
      title: 'Planning your study',
      description: 'Space your reviews and plan a week you can keep.',
      needsPrevious: true,
      lessons: [
        {
          kind: 'video',
          title: 'Spacing your practice',
          file: 'spacing-your-practice.webm',
          contentType: 'video/webm',
        },
        {
          kind: 'text',
          title: 'Build a weekly plan',
          markdown: `# Build a weekly plan

A plan you keep is better than a perfect plan you drop on Wednesday.

## Four steps

1. **Pick fixed slots.** Three to five sessions of 25 minutes each, at times you already have free.
2. **Start with a self-test.** Spend the first five minutes recalling last session's material.
3. **Mix topics.** Switching between related subjects (interleaving) feels harder and works better.
4. **Schedule the reviews.** After a new topic, put reviews in your calendar after 1 day, 3 days and a week.

## A sample week

| Day | Focus | Review |
| --- | --- | --- |
| Monday | New topic A | - |
| Tuesday | New topic B | A |
| Thursday | Practice questions | A, B |
| Sunday | Blank-page recall | A, B |

Use the focus timer in *Study sessions* to keep each slot short and sharp.`,
        },
        {
          kind: 'quiz',
          title: 'Check: planning',
          passMark: 50,
          questions: [
            {
              kind: 'single',
              prompt: 'After learning something new, when should the first review come?',
              choices: [
                { text: 'After about a day', correct: true },
                { text: 'After a month' },
                { text: 'Right away, ten times in a row' },
              ],
              feedback_correct: 'Right: an early first review, then longer gaps.',
              feedback_incorrect: 'Review early (about a day later), then leave longer gaps each time.',
            },
            {
              kind: 'multiple',
              prompt: 'What makes a study plan easier to keep? Choose all that apply.',
              choices: [
                { text: 'Short sessions at fixed times', correct: true },
                { text: 'Starting each session with a quick self-test', correct: true },
                { text: 'One long session the night before the exam' },
              ],
              feedback_correct: 'Yes: short, regular sessions that start with retrieval.',
              feedback_incorrect:
                'Cramming feels efficient but fades fast. Short fixed sessions with a self-test last.',
            },
          ],
        },
      ],
    },
  ],
};
