import type { DemoCourse } from './demo-course.types.ts';

/** Spreadsheet references and the functions that save time. */
export const SPREADSHEETS_COURSE: DemoCourse = {
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
};
