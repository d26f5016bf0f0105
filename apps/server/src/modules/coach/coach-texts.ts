import type { CoachLanguage } from '@portal/shared/coach';

type Vars = Record<string, string | number>;
/** A sentence with a count: one form per plural category of the language (Intl.PluralRules), `other` always. */
type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
type Texts = Record<string, string | Plural>;

const en: Texts = {
  studyNowIntro: 'Here is what I would study now:',
  dueCards: {
    one: 'Review your {due} due flashcard first (about {minutes} min).',
    other: 'Review your {due} due flashcards first (about {minutes} min).',
  },
  newCards: {
    one: 'You have {fresh} new flashcard waiting when you have time.',
    other: 'You have {fresh} new flashcards waiting when you have time.',
  },
  weakQuiz: 'Revisit “{lesson}” in {course}: your best quiz score is {score}% (pass mark {passMark}%).',
  weakScorm: {
    one: 'Revisit “{lesson}” in {course}: {failed} of your answers there was wrong.',
    other: 'Revisit “{lesson}” in {course}: {failed} of your answers there were wrong.',
  },
  nextLesson: 'Continue {course} ({percent}% done) with “{lesson}”.',
  liveSoon: 'Live session “{title}” starts {when}; the room opens 10 minutes before.',
  goalAtRisk: 'Your goal “{title}” is at {percent}% and needs attention.',
  streakKeep: 'Studying today keeps your {streak}-day streak going.',
  streakStart: 'Studying today starts a new streak.',
  nothingDue: 'Nothing is due right now. Pick a course from the catalogue or add flashcards to build your routine.',
  explainIntro: 'From “{lesson}” in your course {course}:',
  explainMore: 'Also about this: {lessons}.',
  explainCards: 'Your courses say nothing about this yet, but your flashcards do:',
  explainNone:
    'I found nothing about “{topic}” in the courses open to you. Try other words, or ask “what should I study now”.',
  explainAsk: 'What should I explain? Name a topic from your courses, for example “explain {example}”.',
  quizFromLesson: 'Question from “{lesson}” ({course}):',
  quizFromCard: 'A question from your flashcards:',
  quizChoices: 'Answer with the letter of your choice.',
  quizCard: 'Type your answer.',
  quizNone:
    'I have no quiz questions or flashcards about “{topic}” yet. Ask me to explain it, or add flashcards about it.',
  quizNoneAny: 'I have no quiz questions or flashcards to ask you yet. Add flashcards or take a course with a quiz.',
  answerRight: 'Correct! {answer}',
  answerWrong: 'Not quite. The answer is: {answer}',
  answerAgain: 'Say “quiz me on {topic}” for another question.',
  answerAgainAny: 'Say “quiz me” for another question.',
  progressIntro: 'Here is how you are doing:',
  progressXp: 'Level {level} with {xp} XP in total.',
  progressStreak: {
    one: 'Learning streak: {streak} day (longest {longest}).',
    other: 'Learning streak: {streak} days (longest {longest}).',
  },
  progressTime: 'Study time: {week} min this week, {today} min today.',
  progressGoals: 'Goals: {active} active, on average {average}% done.',
  progressGoal: '“{title}”: {percent}%{risk}',
  atRisk: ' (at risk)',
  progressNoGoals: 'You have no active goals. Say “plan my week” and I can suggest one.',
  progressCards:
    'Flashcards: {due} due now, {total} in total; you remembered {retention}% of reviews in the last 30 days.',
  progressCardsNoRetention: 'Flashcards: {due} due now, {total} in total; no reviews in the last 30 days yet.',
  progressWeak: 'Lessons to revisit: {lessons}.',
  progressCourse: '{course}: {percent}% done.',
  planIntro: 'A plan for the rest of this week ({minutes} min a day to reach {target} min; {done} min done so far):',
  planDay: '{day}: {tasks}',
  planCards: 'review flashcards',
  planLesson: 'revisit “{lesson}”',
  planNext: 'continue “{lesson}” in {course}',
  planGoal: 'work on “{title}”',
  planRest: 'a short recap of what you learned',
  planDone: {
    one: 'You already reached {target} minute this week. Keep the streak with a short review each day.',
    other: 'You already reached {target} minutes this week. Keep the streak with a short review each day.',
  },
  help: 'I can tell you what to study now, explain a topic from your courses, quiz you, show how you are doing and plan your week. Try “what should I study now”.',
  sources: 'Sources',
};

const de: Texts = {
  studyNowIntro: 'Das würde ich jetzt lernen:',
  dueCards: {
    one: 'Wiederholen Sie zuerst Ihre {due} fällige Karteikarte (etwa {minutes} Min.).',
    other: 'Wiederholen Sie zuerst Ihre {due} fälligen Karteikarten (etwa {minutes} Min.).',
  },
  newCards: {
    one: 'Es wartet {fresh} neue Karteikarte, wenn Sie Zeit haben.',
    other: 'Es warten {fresh} neue Karteikarten, wenn Sie Zeit haben.',
  },
  weakQuiz:
    'Wiederholen Sie „{lesson}“ in {course}: Ihr bestes Quiz-Ergebnis ist {score} % (Bestehensgrenze {passMark} %).',
  weakScorm: {
    one: 'Wiederholen Sie „{lesson}“ in {course}: {failed} Ihrer Antworten dort war falsch.',
    other: 'Wiederholen Sie „{lesson}“ in {course}: {failed} Ihrer Antworten dort waren falsch.',
  },
  nextLesson: 'Machen Sie weiter mit {course} ({percent} % geschafft): „{lesson}“.',
  liveSoon: 'Die Live-Sitzung „{title}“ beginnt {when}; der Raum öffnet 10 Minuten vorher.',
  goalAtRisk: 'Ihr Ziel „{title}“ steht bei {percent} % und braucht Aufmerksamkeit.',
  streakKeep: {
    one: 'Wenn Sie heute lernen, hält Ihre Serie von {streak} Tag.',
    other: 'Wenn Sie heute lernen, hält Ihre Serie von {streak} Tagen.',
  },
  streakStart: 'Wenn Sie heute lernen, beginnt eine neue Serie.',
  nothingDue:
    'Gerade ist nichts fällig. Wählen Sie einen Kurs aus dem Katalog oder legen Sie Karteikarten an, um eine Routine aufzubauen.',
  explainIntro: 'Aus „{lesson}“ in Ihrem Kurs {course}:',
  explainMore: 'Ebenfalls dazu: {lessons}.',
  explainCards: 'Ihre Kurse sagen dazu noch nichts, aber Ihre Karteikarten:',
  explainNone:
    'Zu „{topic}“ habe ich in Ihren Kursen nichts gefunden. Versuchen Sie andere Wörter oder fragen Sie „Was soll ich jetzt lernen?“.',
  explainAsk: 'Was soll ich erklären? Nennen Sie ein Thema aus Ihren Kursen, zum Beispiel „Erkläre {example}“.',
  quizFromLesson: 'Frage aus „{lesson}“ ({course}):',
  quizFromCard: 'Eine Frage aus Ihren Karteikarten:',
  quizChoices: 'Antworten Sie mit dem Buchstaben Ihrer Wahl.',
  quizCard: 'Schreiben Sie Ihre Antwort.',
  quizNone:
    'Zu „{topic}“ habe ich noch keine Quizfragen oder Karteikarten. Lassen Sie es sich erklären oder legen Sie Karteikarten dazu an.',
  quizNoneAny:
    'Ich habe noch keine Quizfragen oder Karteikarten für Sie. Legen Sie Karteikarten an oder belegen Sie einen Kurs mit Quiz.',
  answerRight: 'Richtig! {answer}',
  answerWrong: 'Nicht ganz. Die Antwort lautet: {answer}',
  answerAgain: 'Sagen Sie „Frag mich zu {topic}“ für eine weitere Frage.',
  answerAgainAny: 'Sagen Sie „Frag mich ab“ für eine weitere Frage.',
  progressIntro: 'So stehen Sie da:',
  progressXp: 'Level {level} mit insgesamt {xp} XP.',
  progressStreak: {
    one: 'Lernserie: {streak} Tag (längste {longest}).',
    other: 'Lernserie: {streak} Tage (längste {longest}).',
  },
  progressTime: 'Lernzeit: {week} Min. diese Woche, {today} Min. heute.',
  progressGoals: 'Ziele: {active} aktiv, im Schnitt zu {average} % erreicht.',
  progressGoal: '„{title}“: {percent} %{risk}',
  atRisk: ' (gefährdet)',
  progressNoGoals: 'Sie haben keine aktiven Ziele. Sagen Sie „Plane meine Woche“, dann schlage ich eins vor.',
  progressCards:
    'Karteikarten: {due} jetzt fällig, {total} insgesamt; in den letzten 30 Tagen haben Sie {retention} % der Wiederholungen gewusst.',
  progressCardsNoRetention:
    'Karteikarten: {due} jetzt fällig, {total} insgesamt; in den letzten 30 Tagen noch keine Wiederholungen.',
  progressWeak: 'Lektionen zum Wiederholen: {lessons}.',
  progressCourse: '{course}: {percent} % geschafft.',
  planIntro:
    'Ein Plan für den Rest der Woche ({minutes} Min. am Tag, um {target} Min. zu erreichen; bisher {done} Min.):',
  planDay: '{day}: {tasks}',
  planCards: 'Karteikarten wiederholen',
  planLesson: '„{lesson}“ wiederholen',
  planNext: '„{lesson}“ in {course} weitermachen',
  planGoal: 'an „{title}“ arbeiten',
  planRest: 'kurze Wiederholung des Gelernten',
  planDone: {
    one: 'Sie haben diese Woche schon {target} Minute erreicht. Halten Sie die Serie mit einer kurzen Wiederholung pro Tag.',
    other:
      'Sie haben diese Woche schon {target} Minuten erreicht. Halten Sie die Serie mit einer kurzen Wiederholung pro Tag.',
  },
  help: 'Ich kann Ihnen sagen, was Sie jetzt lernen sollten, ein Thema aus Ihren Kursen erklären, Sie abfragen, Ihren Fortschritt zeigen und Ihre Woche planen. Versuchen Sie „Was soll ich jetzt lernen?“.',
  sources: 'Quellen',
};

const zh: Texts = {
  studyNowIntro: '我建议您现在学习这些：',
  dueCards: '先复习 {due} 张到期的抽认卡（约 {minutes} 分钟）。',
  newCards: '有空时还有 {fresh} 张新抽认卡等您学习。',
  weakQuiz: '重温 {course} 中的“{lesson}”：您的最好测验成绩是 {score}%（及格线 {passMark}%）。',
  weakScorm: '重温 {course} 中的“{lesson}”：您在那里有 {failed} 个回答是错的。',
  nextLesson: '继续学习 {course}（已完成 {percent}%）：“{lesson}”。',
  liveSoon: '直播课“{title}”将于 {when} 开始，直播间提前 10 分钟开放。',
  goalAtRisk: '您的目标“{title}”进度为 {percent}%，需要加把劲。',
  streakKeep: '今天学习可以保持您 {streak} 天的连续学习记录。',
  streakStart: '今天学习就能开始新的连续学习记录。',
  nothingDue: '现在没有到期的内容。可以从课程目录选一门课，或者添加抽认卡来养成习惯。',
  explainIntro: '来自您的课程 {course} 中的“{lesson}”：',
  explainMore: '相关内容还有：{lessons}。',
  explainCards: '您的课程里还没有相关内容，但您的抽认卡里有：',
  explainNone: '在您可以访问的课程中没有找到关于“{topic}”的内容。换个说法试试，或者问“我现在该学什么”。',
  explainAsk: '要我解释什么？说出课程中的一个主题，例如“解释 {example}”。',
  quizFromLesson: '来自“{lesson}”（{course}）的题目：',
  quizFromCard: '来自您的抽认卡的题目：',
  quizChoices: '请回复您选择的字母。',
  quizCard: '请输入您的答案。',
  quizNone: '关于“{topic}”我还没有测验题或抽认卡。可以让我解释它，或者为它添加抽认卡。',
  quizNoneAny: '我还没有可以问您的测验题或抽认卡。添加抽认卡或学习带测验的课程吧。',
  answerRight: '答对了！{answer}',
  answerWrong: '不太对。正确答案是：{answer}',
  answerAgain: '说“考考我 {topic}”再来一题。',
  answerAgainAny: '说“考考我”再来一题。',
  progressIntro: '您的学习情况：',
  progressXp: '等级 {level}，共 {xp} XP。',
  progressStreak: '连续学习：{streak} 天（最长 {longest} 天）。',
  progressTime: '学习时间：本周 {week} 分钟，今天 {today} 分钟。',
  progressGoals: '目标：{active} 个进行中，平均完成 {average}%。',
  progressGoal: '“{title}”：{percent}%{risk}',
  atRisk: '（有风险）',
  progressNoGoals: '您没有进行中的目标。说“计划我这周”，我可以给您建议。',
  progressCards: '抽认卡：现在到期 {due} 张，共 {total} 张；最近 30 天您记住了 {retention}% 的复习。',
  progressCardsNoRetention: '抽认卡：现在到期 {due} 张，共 {total} 张；最近 30 天还没有复习。',
  progressWeak: '需要重温的课时：{lessons}。',
  progressCourse: '{course}：已完成 {percent}%。',
  planIntro: '本周剩余时间的计划（每天 {minutes} 分钟，目标 {target} 分钟；已完成 {done} 分钟）：',
  planDay: '{day}：{tasks}',
  planCards: '复习抽认卡',
  planLesson: '重温“{lesson}”',
  planNext: '继续 {course} 中的“{lesson}”',
  planGoal: '推进“{title}”',
  planRest: '简短回顾所学内容',
  planDone: '您本周已经达到 {target} 分钟。每天简短复习一下，保持连续记录。',
  help: '我可以告诉您现在该学什么、解释课程中的主题、考考您、告诉您学习情况，以及计划您的一周。试试问“我现在该学什么”。',
  sources: '来源',
};

const TEXTS: Record<CoachLanguage, Texts> = { en, de, zh };

/** The placeholder whose number picks the plural form of a sentence. */
const COUNTED: Partial<Record<keyof typeof en, string>> = {
  dueCards: 'due',
  newCards: 'fresh',
  weakScorm: 'failed',
  streakKeep: 'streak',
  progressStreak: 'streak',
  planDone: 'target',
};

function templateOf(language: CoachLanguage, key: keyof typeof en, vars: Vars): string {
  const text = TEXTS[language][key] ?? en[key] ?? key;
  if (typeof text === 'string') return text;
  const counted = COUNTED[key];
  const count = Number(counted === undefined ? Number.NaN : vars[counted]);
  return text[new Intl.PluralRules(language).select(count)] ?? text.other;
}

/** A coach sentence in the learner's interface language with its placeholders filled and its plural form chosen. */
export function coachText(language: CoachLanguage, key: keyof typeof en, vars: Vars = {}): string {
  const template = templateOf(language, key, vars);
  return template.replace(/\{(\w+)\}/gu, (match, name: string) => (name in vars ? String(vars[name]) : match));
}
export type CoachTextKey = keyof typeof en;
