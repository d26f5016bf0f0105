/** The built-in sample set in each interface language: visitors play it in the browser, signed-in learners on the server. */
import type { PoolItem } from './game-rounds.ts';
import type { InterfaceLanguage } from './language.ts';

export type SampleEntry = { id: string; prompt: string; answer: string };

export const GAME_SAMPLE_SET: Record<InterfaceLanguage, readonly SampleEntry[]> = {
  en: [
    { id: 's1', prompt: 'Capital of France', answer: 'Paris' },
    { id: 's2', prompt: 'Largest planet in our solar system', answer: 'Jupiter' },
    { id: 's3', prompt: 'Chemical formula of water', answer: 'H2O' },
    { id: 's4', prompt: 'Author of "Faust"', answer: 'Goethe' },
    { id: 's5', prompt: 'Longest river in Africa', answer: 'Nile' },
    { id: 's6', prompt: 'Gas plants take in to make sugar', answer: 'Carbon dioxide' },
    { id: 's7', prompt: 'Described the forgetting curve', answer: 'Hermann Ebbinghaus' },
    { id: 's8', prompt: 'City with the famous cathedral on the Rhine', answer: 'Cologne' },
    { id: 's9', prompt: 'Smallest prime number', answer: '2' },
    { id: 's10', prompt: 'Number of continents on Earth', answer: '7' },
    { id: 's11', prompt: 'Capital of Japan', answer: 'Tokyo' },
    { id: 's12', prompt: 'Language in which "merci" means thank you', answer: 'French' },
  ],
  de: [
    { id: 's1', prompt: 'Hauptstadt von Frankreich', answer: 'Paris' },
    { id: 's2', prompt: 'Größter Planet unseres Sonnensystems', answer: 'Jupiter' },
    { id: 's3', prompt: 'Chemische Formel von Wasser', answer: 'H2O' },
    { id: 's4', prompt: 'Autor von „Faust“', answer: 'Goethe' },
    { id: 's5', prompt: 'Längster Fluss Afrikas', answer: 'Nil' },
    { id: 's6', prompt: 'Gas, das Pflanzen zur Photosynthese aufnehmen', answer: 'Kohlendioxid' },
    { id: 's7', prompt: 'Beschrieb die Vergessenskurve', answer: 'Hermann Ebbinghaus' },
    { id: 's8', prompt: 'Stadt mit dem berühmten Dom am Rhein', answer: 'Köln' },
    { id: 's9', prompt: 'Kleinste Primzahl', answer: '2' },
    { id: 's10', prompt: 'Anzahl der Kontinente der Erde', answer: '7' },
    { id: 's11', prompt: 'Hauptstadt von Japan', answer: 'Tokio' },
    { id: 's12', prompt: 'Sprache, in der „merci“ danke heißt', answer: 'Französisch' },
  ],
  zh: [
    { id: 's1', prompt: '法国的首都', answer: '巴黎' },
    { id: 's2', prompt: '太阳系中最大的行星', answer: '木星' },
    { id: 's3', prompt: '水的化学式', answer: 'H2O' },
    { id: 's4', prompt: '《浮士德》的作者', answer: '歌德' },
    { id: 's5', prompt: '非洲最长的河流', answer: '尼罗河' },
    { id: 's6', prompt: '植物进行光合作用时吸收的气体', answer: '二氧化碳' },
    { id: 's7', prompt: '描述遗忘曲线的心理学家', answer: '艾宾浩斯' },
    { id: 's8', prompt: '莱茵河畔以大教堂闻名的城市', answer: '科隆' },
    { id: 's9', prompt: '最小的质数', answer: '2' },
    { id: 's10', prompt: '地球上大洲的数量', answer: '7' },
    { id: 's11', prompt: '日本的首都', answer: '东京' },
    { id: 's12', prompt: '“merci”在哪种语言中表示谢谢', answer: '法语' },
  ],
};

/** The sample set as a pool to draw rounds from, in the learner's interface language. */
export const samplePool = (language: InterfaceLanguage): PoolItem[] =>
  GAME_SAMPLE_SET[language].map((entry) => ({ ...entry, origin: { kind: 'sample' } }));
