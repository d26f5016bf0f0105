import type { QuestionKind } from '@portal/shared/courses';
import type { Tier } from '@portal/shared/tiers';

type DemoQuestion = {
  kind: QuestionKind;
  prompt: string;
  choices: { text: string; correct?: boolean }[];
  feedback_correct: string;
  feedback_incorrect: string;
};

export type DemoLesson =
  | { kind: 'text'; title: string; markdown: string }
  | { kind: 'video'; title: string; file: string; contentType: string }
  | { kind: 'pdf'; title: string; file: string }
  | { kind: 'quiz'; title: string; passMark: number; questions: DemoQuestion[] };

export type DemoModule = { title: string; description: string; needsPrevious?: boolean; lessons: DemoLesson[] };
export type DemoCourse = {
  slug: string;
  title: string;
  description: string;
  requiredTier: Tier;
  modules: DemoModule[];
};

/** The three short courses the embedded default ships with; texts, video and PDF are our own. */
export const DEMO_COURSES: DemoCourse[] = [
  {
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
  },
  {
    slug: 'introduction-to-data-privacy',
    title: 'Introduction to data privacy',
    description:
      'What personal data is, the principles that protect it, and how to use your rights of access, correction, erasure and objection.',
    requiredTier: 'calm',
    modules: [
      {
        title: 'Personal data basics',
        description: 'What counts as personal data and the rules for using it.',
        lessons: [
          {
            kind: 'text',
            title: 'What counts as personal data',
            markdown: `# What counts as personal data

**Personal data** is any information about an identified or identifiable living person.
That is wider than most people expect.

## Examples

- Obvious: name, email address, phone number, home address.
- Less obvious: an IP address, a device ID, a location trace, a photo, a voice recording.
- Combined: "the only left-handed violinist in the orchestra" identifies someone without a name.

Some data is **special category** data and needs extra protection: health, religion, political opinions,
sexual orientation, biometric and genetic data.

## Anonymous or not?

Data is anonymous only when nobody can reasonably identify the person again, even by combining it with other data.
Replacing a name with a number (*pseudonymisation*) helps, but the data is still personal.`,
          },
          {
            kind: 'text',
            title: 'Six principles',
            markdown: `# Six principles for using personal data

Organisations that use personal data must follow these principles:

1. **Lawfulness, fairness and transparency:** have a legal basis and tell people what you do.
2. **Purpose limitation:** collect data for a clear purpose and do not reuse it for something unrelated.
3. **Data minimisation:** collect only what you need.
4. **Accuracy:** keep data correct and up to date.
5. **Storage limitation:** delete it when it is no longer needed.
6. **Integrity and confidentiality:** protect it against loss and misuse.

On top of these, the organisation must be able to *show* that it follows them: **accountability**.`,
          },
          {
            kind: 'quiz',
            title: 'Check: personal data',
            passMark: 60,
            questions: [
              {
                kind: 'multiple',
                prompt: 'Which of these can be personal data? Choose all that apply.',
                choices: [
                  { text: 'An IP address', correct: true },
                  { text: 'A photo of a person', correct: true },
                  { text: 'The average temperature in Berlin last July' },
                ],
                feedback_correct: 'Right: both can identify a person; a city average cannot.',
                feedback_incorrect: 'IP addresses and photos can identify someone. Weather statistics cannot.',
              },
              {
                kind: 'single',
                prompt: 'Which principle says you should collect only what you need?',
                choices: [{ text: 'Accuracy' }, { text: 'Data minimisation', correct: true }, { text: 'Transparency' }],
                feedback_correct: 'Yes: data minimisation.',
                feedback_incorrect: 'That is data minimisation: less data, less risk.',
              },
            ],
          },
        ],
      },
      {
        title: 'Your rights',
        description: 'Access, correction, erasure, objection and portability in practice.',
        needsPrevious: true,
        lessons: [
          { kind: 'pdf', title: 'Your data privacy rights (checklist)', file: 'privacy-rights-checklist.pdf' },
          {
            kind: 'text',
            title: 'Making a request',
            markdown: `# Making a request

You do not need a lawyer or a special form to use your rights.

## A simple request

> Dear privacy team,
> Under data protection law I ask for a copy of the personal data you hold about me,
> the purposes you use it for and who you share it with.
> My account email is ...
> Kind regards

## Good to know

- The organisation may ask you to confirm your identity.
- It normally has **one month** to answer; it can extend that for complex requests but must tell you.
- The first copy is free.
- If you are not satisfied, you may complain to your data protection authority.`,
          },
          {
            kind: 'quiz',
            title: 'Check: your rights',
            passMark: 50,
            questions: [
              {
                kind: 'single',
                prompt: 'How long does an organisation normally have to answer an access request?',
                choices: [{ text: 'One week' }, { text: 'One month', correct: true }, { text: 'One year' }],
                feedback_correct: 'Correct: one month, extendable for complex requests.',
                feedback_incorrect: 'The normal deadline is one month.',
              },
              {
                kind: 'single',
                prompt: 'You want your data moved to another service. Which right do you use?',
                choices: [{ text: 'Data portability', correct: true }, { text: 'Objection' }, { text: 'Correction' }],
                feedback_correct: 'Yes: portability gives you your data in a machine-readable format.',
                feedback_incorrect: 'That is data portability.',
              },
            ],
          },
        ],
      },
    ],
  },
  {
    slug: 'working-with-spreadsheets',
    title: 'Working with spreadsheets',
    description:
      'From cells and references to the functions that save hours: a practical start with any spreadsheet program.',
    requiredTier: 'universal',
    modules: [
      {
        title: 'Cells and formulas',
        description: 'How cells, ranges and references work.',
        lessons: [
          {
            kind: 'text',
            title: 'Cells, ranges and references',
            markdown: `# Cells, ranges and references

A spreadsheet is a grid. Columns have letters, rows have numbers, and each **cell** has an address such as \`B3\`.

- A **range** is a block of cells: \`A1:A10\` is the first ten cells of column A.
- A **formula** starts with \`=\`: \`=B3*2\` doubles the value in B3.
- When B3 changes, every formula that refers to it updates.

## Good habits

1. Keep one kind of data per column (dates in one, amounts in another).
2. Put headings in the first row.
3. Never type a result you could calculate: use a formula so it stays right.`,
          },
          {
            kind: 'text',
            title: 'Relative and absolute references',
            markdown: `# Relative and absolute references

When you copy \`=B3*2\` from C3 down to C4, it becomes \`=B4*2\`. That is a **relative** reference:
it moves with the formula.

Sometimes one cell must stay fixed, for example a tax rate in \`F1\`. Write it as \`$F$1\`:

\`\`\`
=B3*$F$1
\`\`\`

Copied down, this becomes \`=B4*$F$1\`: the amount moves, the rate stays.

| Form | Column | Row |
| --- | --- | --- |
| \`F1\` | moves | moves |
| \`$F1\` | fixed | moves |
| \`F$1\` | moves | fixed |
| \`$F$1\` | fixed | fixed |`,
          },
          {
            kind: 'quiz',
            title: 'Check: references',
            passMark: 50,
            questions: [
              {
                kind: 'single',
                prompt: 'You copy =A2*$D$1 from B2 to B3. What does B3 contain?',
                choices: [{ text: '=A3*$D$1', correct: true }, { text: '=A3*$D$2' }, { text: '=A2*$D$1' }],
                feedback_correct: 'Right: A2 is relative and moves, $D$1 is absolute and stays.',
                feedback_incorrect: 'The relative part moves one row (A3); the absolute $D$1 stays.',
              },
              {
                kind: 'single',
                prompt: 'Which range covers the first five cells of column C?',
                choices: [{ text: 'C1:C5', correct: true }, { text: 'A5:C5' }, { text: 'C5:C1:5' }],
                feedback_correct: 'Yes: C1 to C5.',
                feedback_incorrect: 'A range names its first and last cell: C1:C5.',
              },
            ],
          },
        ],
      },
      {
        title: 'Functions that save time',
        description: 'Sum, average, count and look things up.',
        lessons: [
          {
            kind: 'text',
            title: 'SUM, AVERAGE and friends',
            markdown: `# SUM, AVERAGE and friends

Functions take a range and return one answer.

| Function | What it gives |
| --- | --- |
| \`=SUM(B2:B20)\` | the total |
| \`=AVERAGE(B2:B20)\` | the mean |
| \`=COUNT(B2:B20)\` | how many cells hold numbers |
| \`=MAX(B2:B20)\` / \`=MIN(B2:B20)\` | the largest / smallest value |
| \`=SUMIF(A2:A20,"Rent",B2:B20)\` | the total of rows whose label is "Rent" |

Tip: select a range and look at the status bar; most programs show the sum and average without a formula.`,
          },
          {
            kind: 'text',
            title: 'Looking things up',
            markdown: `# Looking things up

\`XLOOKUP\` (or \`VLOOKUP\` in older programs) finds a value in one column and returns the matching value from another.

\`\`\`
=XLOOKUP("P-104", A2:A500, C2:C500, "not found")
\`\`\`

This searches A2:A500 for the product code *P-104* and returns the price from column C, or "not found".

## Checklist

- The lookup column must contain unique keys.
- Lock the ranges with \`$\` before copying the formula.
- Give a clear "not found" value so gaps stand out.`,
          },
          {
            kind: 'quiz',
            title: 'Check: functions',
            passMark: 50,
            questions: [
              {
                kind: 'single',
                prompt: 'Which function totals only the rows labelled "Rent"?',
                choices: [{ text: 'SUMIF', correct: true }, { text: 'COUNT' }, { text: 'MAX' }],
                feedback_correct: 'Correct: SUMIF adds the values whose condition matches.',
                feedback_incorrect: 'SUMIF adds only the values whose label matches the condition.',
              },
              {
                kind: 'multiple',
                prompt: 'What makes a lookup formula reliable? Choose all that apply.',
                choices: [
                  { text: 'Unique keys in the lookup column', correct: true },
                  { text: 'A clear value for "not found"', correct: true },
                  { text: 'Sorting the sheet by colour' },
                ],
                feedback_correct: 'Yes: unique keys and a visible "not found".',
                feedback_incorrect: 'Unique keys and a clear "not found" value make lookups reliable.',
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The demo learner has finished the first two lessons of this course and tried its first quiz once. */
export const DEMO_PROGRESS = {
  courseSlug: 'study-skills-that-stick',
  completedLessonTitles: ['Why we forget', 'Retrieval practice'],
  attemptedQuizTitle: 'Check: memory basics',
  attemptScore: 33,
} as const;
