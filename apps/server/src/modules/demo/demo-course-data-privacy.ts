import type { DemoCourse } from './demo-course.types.ts';

/** Personal data, the principles that protect it, and the rights a person has over it. */
export const DATA_PRIVACY_COURSE: DemoCourse = {
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
};
