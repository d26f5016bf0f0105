import type { CoachIntent, CoachLanguage } from '@portal/shared/coach';

type Pattern = Partial<Record<CoachLanguage, RegExp>>;

// JavaScript's \b only knows ASCII letters, so German words are bounded by letters instead.
const START = '(?<![\\p{L}\\p{N}])';
const END = '(?![\\p{L}\\p{N}])';
const words = (source: string) => new RegExp(`${START}(?:${source})${END}`, 'iu');
const APOSTROPHE = "['’]";

// Every language's patterns are tried, so a German question in an English interface is still understood.
const INTENT_PATTERNS: [CoachIntent, Pattern][] = [
  [
    'quiz',
    {
      en: words(
        '(?:quiz|test|ask|examine|drill|check|question)\\s+me|quiz(?:zes)?|(?:give|ask|show)\\s+me\\s+(?:a|an|some|more|another|one)?\\s*(?:practice\\s+|quiz\\s+)?questions?|practi[cs]e\\s+questions?',
      ),
      de: words(
        '(?:frag|frage|teste|test|prüfe|prüf|abfrag\\w*)\\s+mich(?:\\s+ab)?|mich\\s+(?:ab)?(?:fragen|testen|prüfen)|abfragen|quiz|(?:stell|stelle|gib)\\s+mir\\s+(?:eine|ein\\s+paar|einige|noch\\s+eine)?\\s*(?:übungs)?fragen?',
      ),
      zh: /考考我|(?<![参思])考我|考一考|测一测|测验|测试我|出题|出几道题|出一道题|提问我|小测|练习题/u,
    },
  ],
  [
    'plan_week',
    {
      en: /\bplan\b.*\bweek\b|\bweek(ly)?\s+plan\b|\bschedule\b.*\bweek\b/iu,
      de: /woche.*plan|plan\w*.*woche|wochenplan/iu,
      zh: /(计划|安排).*(周|星期)|(本周|这周|一周|下周).*(计划|安排)/u,
    },
  ],
  [
    'progress',
    {
      en: new RegExp(
        `how${APOSTROPHE}?\\s*(m|am)\\s+i\\s+(doing|getting on)|\\bmy\\s+progress\\b|\\bprogress\\b|\\bmy\\s+stats\\b`,
        'iu',
      ),
      de: /wie\s+(stehe|mache|schlage)\s+ich|fortschritt|wie\s+läuft/iu,
      zh: /进度|进展|我.*怎么样|表现|学得如何/u,
    },
  ],
  [
    'study_now',
    {
      en: words(
        `what(?:${APOSTROPHE}s|\\s+is|\\s+comes)?\\s+(?:up\\s+)?next|what\\s+now|next\\s+steps?|what\\s+(?:should|shall|can|do|must)\\s+i\\s+(?:study|learn|do|review|work\\s+on|focus\\s+on|practi[cs]e|tackle)|what\\s+to\\s+(?:study|learn|do|review)|study\\s+(?:now|next|today)|where\\s+(?:should|do|shall)\\s+i\\s+(?:start|begin)|due`,
      ),
      de: words(
        'was\\s+(?:soll|sollte|kann|muss)\\s+ich\\s+(?:\\p{L}+\\s+){0,3}(?:lernen|machen|wiederholen|üben|tun|angehen)|was\\s+(?:lerne|mache|übe)\\s+ich|als\\s+nächstes|was\\s+jetzt|was\\s+steht\\s+an|wo(?:mit)?\\s+(?:soll|fange)\\s+ich\\s+an|fällig',
      ),
      zh: /学什么|该学|现在.*学|接下来|下一步|复习什么|做什么|到期/u,
    },
  ],
  [
    'explain',
    {
      en: words(
        'explain(?:\\s+to\\s+me)?|what\\s+(?:is|are|does|do)|tell\\s+me\\s+(?:more\\s+)?about|how\\s+(?:does|do|is)|define|why',
      ),
      de: words(
        'erklär\\w*(?:\\s+mir)?|was\\s+(?:ist|sind|bedeutet|heißt)|wie\\s+funktioniert|warum|erzähl\\w*(?:\\s+mir)?',
      ),
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

const ASKING = INTENT_PATTERNS.flatMap(([, patterns]) =>
  Object.values(patterns).map((pattern) => new RegExp(pattern.source, `${pattern.flags}g`)),
);

// Only words that carry no subject: articles, pronouns, prepositions, politeness and the names of the material itself.
const STOP_WORDS = new Set(
  `a an the of to me my mine on about in into over and or for with from by at is are was were be been it its this that
  these those your you i we us our can could would will should shall please some any give let do does did more again
  another one once course courses lesson lessons question questions now next today what which who how why when where
  just really bit little something things
  der die das den dem des ein eine einen einem einer eines zu zum zur über von vom im in mit und oder mich mir mein
  meine meinem meiner meinen meines bitte kannst könntest du noch mal einmal etwas paar ist sind was wie wer warum ich
  jetzt nochmal kurs kurses kursen lektion lektionen frage fragen dazu es auf an aus für`
    .split(/\s+/u)
    .filter(Boolean),
);
const ZH_PHRASES =
  /一下|请|关于|我的|课程|中的|里的|吗|呢|吧|的|了|什么|给我|再来|一个|几道|一道|题|现在|应该|我|你|您/gu;

/** The words of a message that name its subject: the phrases that only ask and the stop words are left out. */
export function topicTerms(text: string): string[] {
  const subject = ASKING.reduce((rest, pattern) => rest.replace(pattern, ' '), text).replace(ZH_PHRASES, ' ');
  const terms = (subject.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [])
    .map((word) => word.toLowerCase().replace(/['’-]+$/u, ''))
    .filter((word) => !STOP_WORDS.has(word) && (word.length > 1 || /[\u3400-\u9fff]/u.test(word)));
  return [...new Set(terms)].slice(0, 12);
}
