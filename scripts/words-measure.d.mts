import type { Page } from '@playwright/test';

export const MAIN_PATH: string[];
export const TAKEAWAYS: string;
export const WORDS_PER_MINUTE: number;
export interface LongSentence {
  words: number;
  text: string;
}
export interface FigureWords {
  id: string;
  captionWords: number;
  settings: number;
  lookFor: string | null;
}
export interface SectionWords {
  id: string;
  words: number;
  numerals: number;
  long: LongSentence[];
  figures: FigureWords[];
}
export function measureWords(page: Page): Promise<{ sections: SectionWords[]; titleTop: number | null; viewportHeight: number }>;
export function summarise(sections: SectionWords[]): {
  words: number;
  minutes: number;
  beforeTakeaways: number;
  numeralShare: number;
  long: (LongSentence & { section: string })[];
  figures: (FigureWords & { section: string })[];
};
