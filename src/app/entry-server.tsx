/** Build-time rendering: the whole page to static HTML, plus the head tags. */
import { renderToString } from 'react-dom/server';
import { StrictMode } from 'react';
import { Page, SiteHeader } from './Page';
import { headTags } from './meta';
import { typesetAll } from '../essay/typeset';
import { equations } from '../essay/equations';
import { architectures } from '../content/architectures';
import { architecturesCsv } from '../content/csv';
import { DOWNLOADS } from '../essay/sections/Shipping';
import { comparisons } from '../content/comparisons';
import { COMPARISON_DOWNLOADS, comparisonsCsv } from '../content/evidence';
import { islandProps } from '../essay/Island';
import { MEMORY_DOWNLOADS, memoryCsv, memoryTable } from '../content/memoryFigure';
import { ISLAND_PROPS_DIR } from '../widgets/islandLoaders';
import { UPDATES_CSS, updatesPage } from './updatesPage';
import { UPDATES_PAGE, UPDATES_STYLES } from '../content/updates';
import { TrainBody, TRAIN_DESCRIPTION, TRAIN_PAGE, TRAIN_TITLE } from '../essay/TrainBody';
import trainCss from './styles/train.css?raw';
import { gridConfigs, gridCsv, gridCurves, gridJson, MQAR_DOWNLOADS } from '../content/mqarFiles';

/** The trainer's page: its own stylesheet, linked after the essay's. */
export const TRAIN_STYLES = 'train.css';

export function render(siteUrl?: string): {
  html: string;
  head: string;
  islands: { path: string; text: string }[];
  train: { path: string; html: string; title: string; description: string; styles: string };
} {
  // Fails the build naming the first bad equation, even one no section uses yet.
  typesetAll(equations);
  const html = renderToString(
    <StrictMode>
      <Page siteUrl={siteUrl} />
    </StrictMode>,
  );
  // The trainer's page is rendered with the same shell, so its figure hydrates as the essay's do.
  const train = renderToString(
    <StrictMode>
      <SiteHeader skipTo="the trainer" home="./" />
      <div className="layout">
        <TrainBody />
      </div>
    </StrictMode>,
  );
  const islands = Object.entries(islandProps()).map(([name, json]) => ({ path: `${ISLAND_PROPS_DIR}/${name}.json`, text: json }));
  return {
    html,
    head: headTags(siteUrl),
    islands,
    train: { path: TRAIN_PAGE, html: train, title: TRAIN_TITLE, description: TRAIN_DESCRIPTION, styles: TRAIN_STYLES },
  };
}

/** The files the page offers for download, written next to index.html by the prerender. */
export function dataFiles(): { path: string; text: string }[] {
  return [
    { path: DOWNLOADS.json, text: `${JSON.stringify(architectures, null, 2)}\n` },
    { path: DOWNLOADS.csv, text: architecturesCsv(architectures) },
    { path: COMPARISON_DOWNLOADS.json, text: `${JSON.stringify(comparisons, null, 2)}\n` },
    { path: COMPARISON_DOWNLOADS.csv, text: comparisonsCsv(comparisons) },
    { path: MEMORY_DOWNLOADS.json, text: `${JSON.stringify(memoryTable(), null, 2)}\n` },
    { path: MEMORY_DOWNLOADS.csv, text: memoryCsv() },
    // The dated updates, a page of their own that the appendix links to.
    { path: UPDATES_PAGE, text: updatesPage() },
    { path: UPDATES_STYLES, text: UPDATES_CSS },
    { path: TRAIN_STYLES, text: trainCss },
    // The recall grid, whole, for the trainer's page.
    { path: MQAR_DOWNLOADS.json, text: gridJson() },
    { path: MQAR_DOWNLOADS.csv, text: gridCsv() },
    { path: MQAR_DOWNLOADS.curves, text: gridCurves() },
    { path: MQAR_DOWNLOADS.configs, text: gridConfigs() },
  ];
}
