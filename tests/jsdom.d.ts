/** What the tests use of jsdom (tests/renderedPage.ts), typed here: the package ships no types of its own. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: { readonly document: Document };
  }
}
