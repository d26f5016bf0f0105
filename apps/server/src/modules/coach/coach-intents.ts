import type { CoachIntent, CoachLanguage } from '@portal/shared/coach';

type Pattern = Partial<Record<CoachLanguage, RegExp>>;

// Every language's patterns are tried, so a German question in an English interface is still understood.
const INTENT_PATTERNS: [CoachIntent, Pattern][] = [
  [
    'quiz',
    {
      en: /\b(quiz|test|ask|examine)\s+me\b|\bquiz\b/iu,
      de: /\b(frag|frage|teste|prüfe|abfrag\w*)\s+mich\b|\babfragen\b|\bquiz\b/iu,
      zh: /考考我|考我|测验|出题|提问我|小测/u,
    },
  ],
  [
    'plan_week',
    {
      en: /\bplan\b.*\bweek\b|\bweek(ly)?\s+plan\b|\bschedule\b.*\bweek\b/iu,
      de: /\bwoche\b.*\bplan|\bplan\w*\b.*\bwoche\b|wochenplan/iu,
      zh: /(计划|安排).*(周|星期)|(本周|这周|一周|下周).*(计划|安排)/u,
    },
  ],
  [
    'progress',
    {
      en: /how\s*('?m|am)\s+i\s+(doing|getting on)|\bmy\s+progress\b|\bprogress\b|\bmy\s+stats\b/iu,
      de: /wie\s+(stehe|mache|schlage)\s+ich|fortschritt|wie\s+läuft/iu,
      zh: /进度|进展|我.*怎么样|表现|学得如何/u,
    },
  ],
  [
    'study_now',
    {
      en: /what\s+(should|shall|can|do)\s+i\s+(study|learn|do|review|work on)|\bstudy\s+(now|next)\b|\bwhat\s+next\b|where\s+(should|do)\s+i\s+start|\bdue\b/iu,
      de: /was\s+(soll|sollte|kann)\s+ich\b.*\b(lernen|machen|wiederholen|üben)|was\s+(lerne|mache)\s+ich\s+(jetzt|als\s+nächstes)|fällig/iu,
      zh: /学什么|该学|现在.*学|接下来.*(学|做)|复习什么|到期/u,
    },
  ],
  [
    'explain',
    {
      en: /\bexplain\b|\bwhat\s+(is|are|does|do)\b|\btell\s+me\s+about\b|\bhow\s+(does|do|is)\b|\bdefine\b|\bwhy\b/iu,
      de: /erklär|was\s+(ist|sind|bedeutet|heißt)|wie\s+funktioniert|warum|erzähl/iu,
      zh: /解释|什么是|是什么|讲讲|介绍|为什么|怎么/u,
    },
  ],
];

/** The intent a message asks for, or null when it names none. */
export function detectIntent(text: string): CoachIntent | null {
  for (const [intent, patterns] of INTENT_PATTERNS) {
    if (Object.values(patterns).some((pattern) => pattern.test(text))) return intent;
  }
  return null;
}

const STOP_WORDS = new Set(
  `a an the of to me my on about explain quiz test ask tell how does do did i from course courses please can could you
  in and or for with why define describe what is are was were it this that your be some give question questions
  lesson lessons examine study learn now next should would will know more again another
  was ist sind der die das ein eine einen erkläre erklär erkläre mir mich über zu frag frage teste prüfe quiz wie
  funktioniert aus meinem meiner kurs kurses bitte kannst du und von im in zum zur den dem des bedeutet heißt warum
  noch eine einmal mal zu lektion`
    .split(/\s+/u)
    .filter(Boolean),
);
const ZH_PHRASES =
  /考考我|考我|测验|出题|提问我|小测|解释|什么是|是什么|讲讲|介绍|为什么|怎么|一下|请|关于|我的|课程|中的|里的|吗|呢|吧|的|了|什么|给我|再来|一个|题/gu;

/** The words of a message that name its subject, without the words that only ask. */
export function topicTerms(text: string): string[] {
  const latin = (text.replace(ZH_PHRASES, ' ').match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [])
    .map((word) => word.toLowerCase())
    .filter((word) => !STOP_WORDS.has(word) && (word.length > 2 || /[\u3400-\u9fff]/u.test(word)));
  return [...new Set(latin)].slice(0, 12);
}
