/**
 * The page as the build renders it (src/app/entry-server.tsx), rendered once and read by every
 * test file in a worker (the Node-side files share their modules: vitest.config.ts). Rendering the
 * whole page, every equation typeset, is the slowest thing these files do; its output is a pure
 * function of the data and the source.
 */
import { JSDOM } from 'jsdom';
import { render } from '../src/app/entry-server';

let rendered: ReturnType<typeof render> | undefined;

export function renderedPage(): ReturnType<typeof render> {
  rendered ??= render();
  return rendered;
}

let parsed: Document | undefined;

/**
 * The same page parsed once (jsdom), for the files that read it by selector: parsing it took
 * seconds, and each such file once parsed it in a DOM environment of its own.
 */
export function renderedDocument(): Document {
  parsed ??= new JSDOM(renderedPage().html).window.document;
  return parsed;
}
