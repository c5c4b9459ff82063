import type { Page } from '@playwright/test';

export const SIZE_WIDTHS: number[];
export function measureSections(page: Page): Promise<Record<string, number>>;
