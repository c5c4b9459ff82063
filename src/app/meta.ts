/** Title, description and social preview tags, written into the page head at build time. */
import { TITLE } from '../essay/sections';
export const DESCRIPTION =
  'How LLMs went from GPT-2 to Kimi K3, told as a chain of eviction policies for a memory that cannot hold everything: linear attention, the delta rule, gated and per-channel decay, chunked prefill, hybrid attention and sparse experts.';

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** siteUrl, when known at build time, makes the preview image URL absolute as scrapers expect. */
export function headTags(siteUrl?: string): string {
  const base = siteUrl ? siteUrl.replace(/\/?$/, '/') : '';
  const image = `${base}social.png`;
  const tags = [
    `<title>${escapeAttr(TITLE)}</title>`,
    `<meta name="description" content="${escapeAttr(DESCRIPTION)}" />`,
    `<meta name="theme-color" content="#fbfaf7" media="(prefers-color-scheme: light)" />`,
    `<meta name="theme-color" content="#15181e" media="(prefers-color-scheme: dark)" />`,
    `<meta name="color-scheme" content="light dark" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:title" content="${escapeAttr(TITLE)}" />`,
    `<meta property="og:description" content="${escapeAttr(DESCRIPTION)}" />`,
    `<meta property="og:image" content="${escapeAttr(image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="Four 8 by 8 memory heatmaps in gold and blue beside the essay's title" />`,
    // X reads the title, description and image from the og: tags when its own are absent.
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  if (base) {
    tags.push(`<link rel="canonical" href="${escapeAttr(base)}" />`, `<meta property="og:url" content="${escapeAttr(base)}" />`);
  }
  return tags.join('\n    ');
}
